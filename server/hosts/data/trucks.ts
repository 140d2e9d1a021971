import type { TruckBrand, TruckProduct, TruckSeries, TruckSubCategory } from '../../../lib/api/product';

/**
 * Seed catalogue of the built-in product host: Chinese truck brands, their series by sub-category and
 * versions with guide prices (万元, list prices of the 2025–2026 market, rounded). Read-only, served
 * from memory (docs/decisions.md, "Built-in product and topic hosts").
 *
 * Ids are derived from the position in this file and must never change, since articles keep them in
 * their 询价 blocks: brand ids are given, a series is `brandId × 100 + n` and a version
 * `seriesId × 100 + n` (n counts from 1 within its parent). Add new series and versions at the end
 * of their parent's list only.
 * @see SEED §7, DESIGN §5, §7
 */

/** [drive, horsepower, guide price in 万元, details that differ from the series]. */
type Version = [drive: string, horsepower: number, price: number, extra?: { body?: string; fuel?: TruckProduct['fuel']; engine?: string }];

interface SeriesDecl {
  name: string;
  sub: TruckSubCategory;
  engine: string;
  /** What follows drive in a version's name; defaults by sub-category. */
  body?: string;
  versions: Version[];
}

interface BrandDecl {
  id: number;
  name: string;
  initial: string;
  /** Other names people search by (乘龙 for 东风柳汽); not part of the reply. */
  aliases?: string[];
  series: SeriesDecl[];
}

const LNG = { fuel: '天然气' } as const;
const body = (text: string) => ({ body: text });

const BRANDS: BrandDecl[] = [
  {
    id: 1,
    name: '一汽解放',
    initial: 'Y',
    aliases: ['解放', 'FAW'],
    series: [
      {
        name: '解放J7',
        sub: '牵引车',
        engine: '解放动力奥威CA6DM3',
        versions: [
          ['6×4', 560, 58.8],
          ['6×4', 520, 54.6],
          ['4×2', 500, 46.8],
          ['6×4', 530, 60.5, { ...LNG, engine: '解放动力CA6SM3' }],
        ],
      },
      {
        name: '解放J6P',
        sub: '牵引车',
        engine: '锡柴CA6DM2',
        versions: [
          ['6×4', 460, 41.8],
          ['6×4', 420, 38.6],
          ['4×2', 420, 33.5],
          ['6×2', 460, 39.9],
          ['6×4', 460, 44.6, { ...LNG, engine: '锡柴CA6SM2' }],
        ],
      },
      {
        name: '解放JH6',
        sub: '牵引车',
        engine: '锡柴CA6DM3',
        versions: [
          ['6×4', 550, 49.8],
          ['6×4', 500, 46.2],
          ['4×2', 460, 39.6],
          ['6×2', 500, 43.8],
        ],
      },
      {
        name: '解放J6L',
        sub: '载货车',
        engine: '锡柴CA6DK1',
        versions: [
          ['4×2', 220, 18.5, body('6.8米栏板载货车')],
          ['4×2', 240, 19.8, body('6.8米仓栅载货车')],
          ['6×2', 260, 24.6, body('9.6米厢式载货车')],
          ['8×4', 320, 30.2, body('9.6米仓栅载货车')],
        ],
      },
      {
        name: '解放龙V',
        sub: '载货车',
        engine: '锡柴CA6DL',
        versions: [
          ['6×2', 280, 26.8, body('9.6米仓栅载货车')],
          ['8×4', 350, 32.5, body('9.6米仓栅载货车')],
          ['4×2', 240, 21.6, body('7.7米厢式载货车')],
        ],
      },
      {
        name: '解放悍V',
        sub: '自卸车',
        engine: '锡柴CA6DM2',
        versions: [
          ['8×4', 400, 43.5, body('7.2米自卸车')],
          ['8×4', 430, 45.8, body('7.6米自卸车')],
          ['6×4', 400, 40.2, body('5.8米自卸车')],
        ],
      },
      {
        name: '解放J6P 搅拌车',
        sub: '专用车',
        engine: '锡柴CA6DM2',
        versions: [
          ['8×4', 400, 46.5, body('10方')],
          ['8×4', 350, 42.8, body('8方')],
        ],
      },
      {
        name: '解放J6L 冷藏车',
        sub: '专用车',
        engine: '锡柴CA6DK1',
        versions: [
          ['4×2', 220, 24.8, body('6.8米')],
          ['4×2', 260, 27.6, body('7.6米')],
        ],
      },
      {
        name: '解放J6F',
        sub: '轻卡',
        engine: '锡柴CA4DB1',
        versions: [
          ['4×2', 130, 9.8, body('4.2米栏板载货车')],
          ['4×2', 160, 12.8, body('4.2米厢式载货车')],
          ['4×2', 190, 14.6, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '解放虎VH',
        sub: '轻卡',
        engine: '锡柴CA4DB1',
        versions: [
          ['4×2', 150, 10.6, body('4.2米厢式载货车')],
          ['4×2', 170, 11.8, body('4.2米仓栅载货车')],
        ],
      },
    ],
  },
  {
    id: 2,
    name: '东风商用车',
    initial: 'D',
    aliases: ['东风', '天龙'],
    series: [
      {
        name: '天龙旗舰KX',
        sub: '牵引车',
        engine: '东风龙擎DDi15',
        versions: [
          ['6×4', 560, 55.8],
          ['6×4', 600, 60.5],
          ['4×2', 520, 47.6],
        ],
      },
      {
        name: '天龙KL',
        sub: '牵引车',
        engine: '东风龙擎DDi13',
        versions: [
          ['6×4', 520, 48.6],
          ['6×4', 560, 52.8],
          ['4×2', 480, 42.5],
          ['6×4', 500, 51.2, { ...LNG, engine: '东风龙擎DDi13NG' }],
        ],
      },
      {
        name: '天龙VL',
        sub: '牵引车',
        engine: '东风dCi11',
        versions: [
          ['6×4', 465, 40.8],
          ['6×2', 420, 36.5],
          ['4×2', 420, 32.8],
        ],
      },
      {
        name: '天锦KR',
        sub: '载货车',
        engine: '东风DDi75',
        versions: [
          ['4×2', 260, 21.8, body('6.8米仓栅载货车')],
          ['6×2', 300, 26.5, body('9.6米厢式载货车')],
          ['8×4', 340, 31.5, body('9.6米仓栅载货车')],
        ],
      },
      {
        name: '天龙KC',
        sub: '自卸车',
        engine: '东风康明斯ISZ',
        versions: [
          ['8×4', 420, 45.6, body('7.2米自卸车')],
          ['8×4', 450, 48.2, body('7.6米自卸车')],
          ['6×4', 420, 42.8, body('5.8米自卸车')],
        ],
      },
      {
        name: '天锦 冷藏车',
        sub: '专用车',
        engine: '东风DDi75',
        versions: [
          ['4×2', 240, 26.5, body('6.8米')],
          ['4×2', 260, 28.2, body('7.6米')],
        ],
      },
    ],
  },
  {
    id: 3,
    name: '中国重汽',
    initial: 'Z',
    aliases: ['重汽', 'SINOTRUK', '豪沃', '汕德卡'],
    series: [
      {
        name: '汕德卡C7H',
        sub: '牵引车',
        engine: '重汽曼MC13',
        versions: [
          ['6×4', 540, 52.8],
          ['6×4', 480, 47.5],
          ['4×2', 440, 40.6],
          ['6×2', 480, 45.8],
        ],
      },
      {
        name: '汕德卡G7',
        sub: '牵引车',
        engine: '重汽曼MC13',
        versions: [
          ['6×4', 560, 54.8],
          ['6×4', 510, 50.2],
          ['4×2', 480, 43.6],
        ],
      },
      {
        name: '豪沃TH7',
        sub: '牵引车',
        engine: '重汽曼MC13',
        versions: [
          ['6×4', 540, 46.8],
          ['6×4', 480, 43.5],
          ['6×4', 460, 45.8, { ...LNG, engine: '重汽MT13' }],
        ],
      },
      {
        name: '豪沃TX',
        sub: '牵引车',
        engine: '重汽曼MC11',
        versions: [
          ['6×4', 440, 38.8],
          ['6×4', 400, 36.2],
          ['4×2', 400, 31.5],
        ],
      },
      {
        name: '汕德卡C5H',
        sub: '载货车',
        engine: '重汽曼MC07',
        versions: [
          ['4×2', 240, 20.8, body('6.8米厢式载货车')],
          ['6×2', 280, 25.6, body('9.6米仓栅载货车')],
          ['8×4', 340, 32.8, body('9.6米厢式载货车')],
        ],
      },
      {
        name: '豪沃NX',
        sub: '自卸车',
        engine: '重汽曼MC11',
        versions: [
          ['8×4', 400, 41.6, body('7.6米自卸车')],
          ['6×4', 380, 38.5, body('5.8米自卸车')],
          ['8×4', 440, 44.8, body('8.0米自卸车')],
        ],
      },
      {
        name: '豪沃T5G 搅拌车',
        sub: '专用车',
        engine: '重汽MC07',
        versions: [
          ['8×4', 340, 39.8, body('8方')],
          ['8×4', 380, 42.6, body('10方')],
        ],
      },
      {
        name: '豪沃统帅',
        sub: '轻卡',
        engine: '潍柴WP3NQ',
        versions: [
          ['4×2', 160, 11.8, body('4.2米厢式载货车')],
          ['4×2', 190, 13.6, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '豪沃悍将',
        sub: '轻卡',
        engine: '云内D25',
        versions: [
          ['4×2', 130, 8.9, body('4.2米栏板载货车')],
          ['4×2', 150, 9.8, body('4.2米厢式载货车')],
        ],
      },
      {
        name: '豪瀚N7G',
        sub: '牵引车',
        engine: '重汽MC11',
        versions: [
          ['6×4', 440, 36.8],
          ['6×4', 400, 34.5],
          ['6×2', 400, 33.2],
        ],
      },
    ],
  },
  {
    id: 4,
    name: '陕汽重卡',
    initial: 'S',
    aliases: ['陕汽', 'SHACMAN', '德龙'],
    series: [
      {
        name: '德龙X6000',
        sub: '牵引车',
        engine: '潍柴WP15H',
        versions: [
          ['6×4', 560, 56.8],
          ['6×4', 610, 62.8],
          ['4×2', 530, 48.6],
          ['6×4', 560, 60.5, { ...LNG, engine: '潍柴WP15NG' }],
        ],
      },
      {
        name: '德龙X5000',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 460, 40.8],
          ['6×4', 510, 44.5],
          ['6×2', 460, 39.6],
          ['4×2', 430, 35.2],
        ],
      },
      {
        name: '德龙M3000',
        sub: '载货车',
        engine: '潍柴WP9H',
        versions: [
          ['6×2', 300, 27.2, body('9.6米仓栅载货车')],
          ['8×4', 350, 33.6, body('9.6米仓栅载货车')],
          ['4×2', 270, 22.8, body('7.8米厢式载货车')],
        ],
      },
      {
        name: '德龙L3000',
        sub: '载货车',
        engine: '潍柴WP7H',
        versions: [
          ['4×2', 220, 17.8, body('6.8米仓栅载货车')],
          ['4×2', 245, 19.6, body('6.8米厢式载货车')],
        ],
      },
      {
        name: '德龙X3000',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 430, 43.8, body('7.6米自卸车')],
          ['6×4', 400, 40.6, body('5.8米自卸车')],
          ['8×4', 460, 46.5, body('8.2米自卸车')],
        ],
      },
      {
        name: '德龙X3000 搅拌车',
        sub: '专用车',
        engine: '潍柴WP10H',
        versions: [
          ['8×4', 400, 44.6, body('10方')],
          ['6×4', 350, 40.2, body('8方')],
        ],
      },
      {
        name: '轩德翼3',
        sub: '轻卡',
        engine: '潍柴WP3NQ',
        versions: [
          ['4×2', 156, 10.8, body('4.2米厢式载货车')],
          ['4×2', 180, 12.5, body('5.2米仓栅载货车')],
        ],
      },
    ],
  },
  {
    id: 5,
    name: '福田汽车',
    initial: 'F',
    aliases: ['福田', '欧曼', '奥铃', 'FOTON'],
    series: [
      {
        name: '欧曼银河',
        sub: '牵引车',
        engine: '福田康明斯X13',
        versions: [
          ['6×4', 560, 50.8],
          ['6×4', 600, 55.6],
          ['4×2', 520, 44.6],
        ],
      },
      {
        name: '欧曼EST',
        sub: '牵引车',
        engine: '福田康明斯X12',
        versions: [
          ['6×4', 520, 46.8],
          ['6×4', 480, 43.6],
          ['4×2', 480, 38.8],
          ['6×4', 460, 45.5, { ...LNG, engine: '福田康明斯X12N' }],
        ],
      },
      {
        name: '欧航R',
        sub: '载货车',
        engine: '福田康明斯F4.5',
        versions: [
          ['4×2', 240, 18.6, body('6.8米仓栅载货车')],
          ['6×2', 270, 22.5, body('9.6米厢式载货车')],
        ],
      },
      {
        name: '欧曼GTL',
        sub: '自卸车',
        engine: '福田康明斯X12',
        versions: [
          ['8×4', 400, 41.8, body('7.6米自卸车')],
          ['6×4', 380, 38.2, body('5.8米自卸车')],
        ],
      },
      {
        name: '欧马可S5',
        sub: '轻卡',
        engine: '福田康明斯F3.8',
        versions: [
          ['4×2', 160, 12.6, body('4.2米厢式载货车')],
          ['4×2', 180, 13.8, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '奥铃速运',
        sub: '轻卡',
        engine: '福田4J28',
        versions: [
          ['4×2', 130, 8.6, body('4.2米栏板载货车')],
          ['4×2', 150, 9.6, body('4.2米厢式载货车')],
        ],
      },
      {
        name: '奥铃大黄蜂',
        sub: '轻卡',
        engine: '福田康明斯F2.5',
        versions: [
          ['4×2', 160, 11.2, body('4.2米厢式载货车')],
          ['4×2', 170, 11.8, body('4.2米仓栅载货车')],
        ],
      },
      {
        name: '时代领航',
        sub: '轻卡',
        engine: '福田4J28',
        versions: [
          ['4×2', 116, 6.8, body('3.8米栏板载货车')],
          ['4×2', 130, 7.5, body('4.2米栏板载货车')],
        ],
      },
    ],
  },
  {
    id: 6,
    name: '江淮汽车',
    initial: 'J',
    aliases: ['江淮', 'JAC', '格尔发'],
    series: [
      {
        name: '格尔发K7',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 520, 45.6],
          ['6×4', 560, 48.8],
          ['4×2', 480, 38.5],
        ],
      },
      {
        name: '格尔发K5',
        sub: '牵引车',
        engine: '玉柴YCK11',
        versions: [
          ['6×4', 460, 38.6],
          ['6×2', 430, 35.8],
        ],
      },
      {
        name: '格尔发A5W',
        sub: '载货车',
        engine: '潍柴WP7H',
        versions: [
          ['4×2', 240, 19.5, body('6.8米仓栅载货车')],
          ['6×2', 280, 24.8, body('9.6米仓栅载货车')],
          ['8×4', 350, 30.6, body('9.6米厢式载货车')],
        ],
      },
      {
        name: '帅铃Q6',
        sub: '轻卡',
        engine: '江淮HFC4DE1',
        versions: [
          ['4×2', 170, 12.8, body('4.2米厢式载货车')],
          ['4×2', 190, 14.2, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '骏铃V6',
        sub: '轻卡',
        engine: '全柴Q23',
        versions: [
          ['4×2', 130, 9.2, body('4.2米栏板载货车')],
          ['4×2', 150, 10.5, body('4.2米厢式载货车')],
        ],
      },
      {
        name: '康铃J3',
        sub: '轻卡',
        engine: '全柴4A1',
        versions: [
          ['4×2', 116, 6.6, body('3.7米栏板载货车')],
          ['4×2', 130, 7.2, body('4.2米栏板载货车')],
        ],
      },
    ],
  },
  {
    id: 7,
    name: '大运汽车',
    initial: 'D',
    aliases: ['大运'],
    series: [
      {
        name: '大运N8V',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 520, 42.8],
          ['6×4', 480, 40.5],
          ['4×2', 460, 35.6],
        ],
      },
      {
        name: '大运N8E',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 39.6, body('7.6米自卸车')],
          ['6×4', 380, 36.8, body('5.8米自卸车')],
        ],
      },
      {
        name: '大运V6',
        sub: '载货车',
        engine: '玉柴YC6J',
        versions: [
          ['6×2', 270, 22.8, body('9.6米仓栅载货车')],
          ['8×4', 320, 28.6, body('9.6米仓栅载货车')],
        ],
      },
      {
        name: '大运奥普力',
        sub: '轻卡',
        engine: '云内D30',
        versions: [
          ['4×2', 150, 9.8, body('4.2米厢式载货车')],
          ['4×2', 170, 11.2, body('5.2米仓栅载货车')],
        ],
      },
    ],
  },
  {
    id: 8,
    name: '上汽红岩',
    initial: 'S',
    aliases: ['红岩', '杰狮'],
    series: [
      {
        name: '杰狮H6',
        sub: '牵引车',
        engine: '上柴SC13',
        versions: [
          ['6×4', 560, 49.8],
          ['6×4', 500, 45.8],
          ['4×2', 480, 40.2],
        ],
      },
      {
        name: '杰狮C6',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 42.6, body('7.6米自卸车')],
          ['6×4', 375, 38.5, body('5.8米自卸车')],
          ['8×4', 430, 44.8, body('8.2米自卸车')],
        ],
      },
      {
        name: '杰虎H6',
        sub: '载货车',
        engine: '上柴SC9',
        versions: [
          ['6×2', 300, 26.2, body('9.6米仓栅载货车')],
          ['8×4', 340, 31.8, body('9.6米厢式载货车')],
        ],
      },
      {
        name: '杰狮C500 搅拌车',
        sub: '专用车',
        engine: '上柴SC9',
        versions: [
          ['8×4', 350, 40.5, body('10方')],
          ['6×4', 330, 36.2, body('8方')],
        ],
      },
    ],
  },
  {
    id: 9,
    name: '东风柳汽',
    initial: 'D',
    aliases: ['乘龙', '柳汽'],
    series: [
      {
        name: '乘龙H7',
        sub: '牵引车',
        engine: '玉柴YCK13',
        versions: [
          ['6×4', 520, 44.8],
          ['6×4', 560, 47.5],
          ['4×2', 480, 38.6],
          ['6×4', 500, 46.8, { ...LNG, engine: '玉柴YCK13N' }],
        ],
      },
      {
        name: '乘龙H5',
        sub: '牵引车',
        engine: '玉柴YCK11',
        versions: [
          ['6×4', 460, 37.6],
          ['6×2', 430, 35.2],
          ['4×2', 430, 32.8],
        ],
      },
      {
        name: '乘龙H5V',
        sub: '载货车',
        engine: '玉柴YCK09',
        versions: [
          ['6×2', 290, 24.8, body('9.6米仓栅载货车')],
          ['8×4', 350, 31.2, body('9.6米仓栅载货车')],
          ['4×2', 245, 19.8, body('6.8米厢式载货车')],
        ],
      },
      {
        name: '乘龙M3',
        sub: '载货车',
        engine: '玉柴YCS06',
        versions: [
          ['4×2', 200, 15.6, body('6.8米仓栅载货车')],
          ['4×2', 220, 16.8, body('6.8米厢式载货车')],
        ],
      },
      {
        name: '乘龙T5',
        sub: '自卸车',
        engine: '玉柴YCK11',
        versions: [
          ['8×4', 400, 40.2, body('7.6米自卸车')],
          ['6×4', 375, 37.5, body('5.8米自卸车')],
        ],
      },
    ],
  },
  {
    id: 10,
    name: '北奔重汽',
    initial: 'B',
    aliases: ['北奔'],
    series: [
      {
        name: '北奔V3',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 480, 40.8],
          ['6×4', 520, 43.6],
          ['4×2', 460, 35.5],
        ],
      },
      {
        name: '北奔NG80',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 39.5, body('7.6米自卸车')],
          ['6×4', 380, 36.8, body('5.8米自卸车')],
        ],
      },
      {
        name: '北奔V3 洒水车',
        sub: '专用车',
        engine: '潍柴WP10',
        versions: [
          ['6×4', 340, 35.6, body('20方')],
          ['4×2', 270, 26.8, body('12方')],
        ],
      },
    ],
  },
  {
    id: 11,
    name: '徐工汽车',
    initial: 'X',
    aliases: ['徐工', '漢风', '汉风'],
    series: [
      {
        name: '漢风G7',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 530, 45.8],
          ['6×4', 560, 48.6],
          ['4×2', 480, 38.8],
        ],
      },
      {
        name: '漢风G7E',
        sub: '牵引车',
        engine: '徐工电驱 423kWh',
        versions: [
          ['6×4', 490, 62.8, { fuel: '纯电动' }],
          ['4×2', 476, 52.6, { fuel: '纯电动' }],
        ],
      },
      {
        name: '漢风G5',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 40.6, body('7.6米自卸车')],
          ['6×4', 380, 37.6, body('5.8米自卸车')],
          ['8×4', 430, 42.8, body('8.2米自卸车')],
        ],
      },
      {
        name: '漢风G5 搅拌车',
        sub: '专用车',
        engine: '潍柴WP10H',
        versions: [
          ['8×4', 350, 38.8, body('10方')],
          ['6×4', 336, 35.5, body('8方')],
        ],
      },
    ],
  },
  {
    id: 12,
    name: '三一重卡',
    initial: 'S',
    aliases: ['三一', 'SANY'],
    series: [
      {
        name: '三一英杰',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 480, 38.8],
          ['6×4', 520, 41.6],
          ['4×2', 460, 33.8],
        ],
      },
      {
        name: '三一魔塔1165',
        sub: '牵引车',
        engine: '三一电驱桥 423kWh',
        versions: [
          ['6×4', 489, 62.8, { fuel: '纯电动' }],
          ['4×2', 476, 52.6, { fuel: '纯电动', engine: '三一电驱桥 282kWh' }],
        ],
      },
      {
        name: '三一江山',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 38.6, body('7.6米自卸车')],
          ['6×4', 380, 36.5, body('5.8米自卸车')],
        ],
      },
      {
        name: '三一 搅拌车',
        sub: '专用车',
        engine: '潍柴WP10H',
        versions: [
          ['8×4', 350, 42.6, body('10方')],
          ['8×4', 400, 45.2, body('12方')],
        ],
      },
    ],
  },
  {
    id: 13,
    name: '江铃汽车',
    initial: 'J',
    aliases: ['江铃', 'JMC'],
    series: [
      {
        name: '江铃威龙HV5',
        sub: '载货车',
        engine: '江铃重汽JX6',
        versions: [
          ['4×2', 240, 18.2, body('6.8米仓栅载货车')],
          ['6×2', 280, 22.6, body('9.6米仓栅载货车')],
        ],
      },
      {
        name: '江铃凯运',
        sub: '轻卡',
        engine: '江铃JX4D30',
        versions: [
          ['4×2', 150, 10.2, body('4.2米厢式载货车')],
          ['4×2', 170, 11.5, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '江铃顺达',
        sub: '轻卡',
        engine: '江铃JX4D24',
        versions: [
          ['4×2', 116, 7.6, body('4.2米栏板载货车')],
          ['4×2', 130, 8.4, body('4.2米厢式载货车')],
        ],
      },
    ],
  },
  {
    id: 14,
    name: '庆铃汽车',
    initial: 'Q',
    aliases: ['庆铃', '五十铃'],
    series: [
      {
        name: '庆铃五十铃700P',
        sub: '载货车',
        engine: '五十铃4HK1',
        versions: [
          ['4×2', 190, 17.8, body('6.8米厢式载货车')],
          ['4×2', 205, 19.2, body('6.8米仓栅载货车')],
        ],
      },
      {
        name: '庆铃五十铃KV100',
        sub: '轻卡',
        engine: '五十铃4KH1',
        versions: [
          ['4×2', 130, 10.2, body('4.2米厢式载货车')],
          ['4×2', 150, 11.8, body('4.2米仓栅载货车')],
        ],
      },
      {
        name: '庆铃五十铃ELF',
        sub: '轻卡',
        engine: '五十铃4JB1',
        versions: [
          ['4×2', 120, 9.6, body('4.2米栏板载货车')],
          ['4×2', 130, 10.8, body('4.2米厢式载货车')],
        ],
      },
    ],
  },
  {
    id: 15,
    name: '汉马科技',
    initial: 'H',
    aliases: ['华菱', '汉马', '星马'],
    series: [
      {
        name: '华菱汉马H9',
        sub: '牵引车',
        engine: '汉马动力CM13',
        versions: [
          ['6×4', 560, 46.8],
          ['6×4', 520, 44.2],
          ['6×4', 460, 48.5, { ...LNG, engine: '汉马动力CM13N' }],
        ],
      },
      {
        name: '华菱汉马H6',
        sub: '自卸车',
        engine: '汉马动力CM11',
        versions: [
          ['8×4', 400, 40.8, body('7.6米自卸车')],
          ['6×4', 380, 37.5, body('5.8米自卸车')],
        ],
      },
      {
        name: '星马 搅拌车',
        sub: '专用车',
        engine: '汉马动力CM09',
        versions: [
          ['8×4', 350, 39.6, body('10方')],
          ['8×4', 340, 37.8, body('9方')],
        ],
      },
    ],
  },
  {
    id: 16,
    name: '联合卡车',
    initial: 'L',
    aliases: ['联合', '集瑞'],
    series: [
      {
        name: '联合卡车U+',
        sub: '牵引车',
        engine: '潍柴WP13',
        versions: [
          ['6×4', 480, 40.2],
          ['6×4', 520, 43.5],
          ['4×2', 460, 35.2],
        ],
      },
      {
        name: '联合卡车E系',
        sub: '自卸车',
        engine: '潍柴WP12',
        versions: [
          ['8×4', 400, 39.2, body('7.6米自卸车')],
          ['6×4', 375, 36.5, body('5.8米自卸车')],
        ],
      },
    ],
  },
  {
    id: 17,
    name: '远程商用车',
    initial: 'Y',
    aliases: ['远程', '吉利'],
    series: [
      {
        name: '远程星瀚H',
        sub: '牵引车',
        engine: '远程电驱 400kWh',
        versions: [
          ['6×4', 490, 58.8, { fuel: '纯电动' }],
          ['4×2', 476, 49.8, { fuel: '纯电动', engine: '远程电驱 282kWh' }],
        ],
      },
      {
        name: '远程星智H8E',
        sub: '轻卡',
        engine: '电机120kW 100kWh',
        versions: [
          ['4×2', 163, 16.8, { fuel: '纯电动', body: '4.2米厢式载货车' }],
          ['4×2', 163, 17.8, { fuel: '纯电动', body: '4.2米冷藏车' }],
        ],
      },
    ],
  },
  {
    id: 18,
    name: '东风汽车股份',
    initial: 'D',
    aliases: ['东风轻型车', '凯普特', '多利卡'],
    series: [
      {
        name: '凯普特K6',
        sub: '轻卡',
        engine: '东风康明斯D2.5',
        versions: [
          ['4×2', 150, 10.8, body('4.2米厢式载货车')],
          ['4×2', 170, 12.2, body('5.2米仓栅载货车')],
        ],
      },
      {
        name: '多利卡D9',
        sub: '载货车',
        engine: '东风康明斯B6.2',
        versions: [
          ['4×2', 210, 16.8, body('6.8米仓栅载货车')],
          ['4×2', 230, 18.2, body('6.8米厢式载货车')],
        ],
      },
      {
        name: '途逸T5',
        sub: '轻卡',
        engine: '云内D25',
        versions: [
          ['4×2', 116, 7.2, body('3.7米栏板载货车')],
          ['4×2', 130, 7.8, body('4.2米栏板载货车')],
        ],
      },
      {
        name: '多利卡D8 洒水车',
        sub: '专用车',
        engine: '东风康明斯B6.2',
        versions: [
          ['4×2', 210, 22.8, body('12方')],
          ['4×2', 190, 20.6, body('10方')],
        ],
      },
    ],
  },
  {
    id: 19,
    name: '唐骏汽车',
    initial: 'T',
    aliases: ['唐骏', '欧铃'],
    series: [
      {
        name: '唐骏赛菱A7',
        sub: '轻卡',
        engine: '全柴Q23',
        versions: [
          ['4×2', 130, 7.8, body('4.2米栏板载货车')],
          ['4×2', 150, 8.8, body('4.2米厢式载货车')],
        ],
      },
      {
        name: '唐骏K3',
        sub: '轻卡',
        engine: '云内D20',
        versions: [
          ['4×2', 116, 6.2, body('3.7米栏板载货车')],
          ['4×2', 122, 6.6, body('3.7米厢式载货车')],
        ],
      },
    ],
  },
  {
    id: 20,
    name: '凯马汽车',
    initial: 'K',
    aliases: ['凯马'],
    series: [
      {
        name: '凯马GK8',
        sub: '轻卡',
        engine: '云内D25',
        versions: [
          ['4×2', 130, 7.6, body('4.2米栏板载货车')],
          ['4×2', 150, 8.6, body('4.2米仓栅载货车')],
        ],
      },
    ],
  },
];

/** What follows the drive form in a version's name when neither version nor series says. */
const DEFAULT_BODY: Record<TruckSubCategory, string> = { 牵引车: '牵引车', 载货车: '载货车', 自卸车: '自卸车', 专用车: '专用车', 轻卡: '载货车' };

/** Every sub-category, in display order (the Record above makes the compiler check the list is whole). */
export const SUB_CATEGORIES = Object.keys(DEFAULT_BODY) as [TruckSubCategory, ...TruckSubCategory[]];

export interface TruckCatalogue {
  brands: TruckBrand[];
  series: TruckSeries[];
  products: TruckProduct[];
  /** Lower-case names and aliases per brand id, for keyword search. */
  brandSearch: Map<number, string>;
}

/** Expands the declarations into the reply rows, with the ids described above. */
export function buildTrucks(): TruckCatalogue {
  const brands: TruckBrand[] = [];
  const series: TruckSeries[] = [];
  const products: TruckProduct[] = [];
  const brandSearch = new Map<number, string>();
  for (const b of BRANDS) {
    brands.push({ id: b.id, name: b.name, initial: b.initial, logo: '', seriesCount: b.series.length });
    brandSearch.set(b.id, [b.name, ...(b.aliases ?? [])].join(' '));
    b.series.forEach((s, i) => {
      const seriesId = b.id * 100 + i + 1;
      series.push({ id: seriesId, brandId: b.id, name: s.name, subCategory: s.sub });
      s.versions.forEach(([drive, horsepower, price, extra = {}], j) => {
        const fuel = extra.fuel ?? '柴油';
        const bodyText = extra.body ?? s.body ?? DEFAULT_BODY[s.sub];
        products.push({
          id: seriesId * 100 + j + 1,
          brandId: b.id,
          brandName: b.name,
          seriesId,
          seriesName: s.name,
          subCategory: s.sub,
          name: [s.name, fuel === '柴油' ? '' : fuel, `${horsepower}马力`, drive, bodyText].filter(Boolean).join(' '),
          engine: extra.engine ?? s.engine,
          horsepower,
          drive,
          fuel,
          guidePrice: price,
        });
      });
    });
  }
  return { brands, series, products, brandSearch };
}
