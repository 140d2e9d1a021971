import type { Activity, VrPanorama } from '../../../lib/api/topic';
import type { TruckCatalogue } from './trucks';

/**
 * Seed data of the built-in topic host: reader votes (activities) and VR panoramas of trucks.
 * Read-only, served from memory; ids fixed here and never reused. An activity's status is not
 * stored: it follows from its start and end at the time of each request.
 * @see SEED §7, DESIGN §5, §7
 */

/** An activity as declared; `status` and `totalVotes` are worked out when served. */
export type ActivityDecl = Omit<Activity, 'status' | 'totalVotes' | 'options' | 'cover'> & { options: Array<[title: string, votes: number]> };

export const ACTIVITIES: ActivityDecl[] = [
  {
    id: 1,
    title: '2025年度最受欢迎牵引车评选',
    summary: '由卡友投票选出2025年度最受欢迎的牵引车，每人限投一票。',
    maxChoices: 1,
    startAt: '2025-01-06T00:00:00+08:00',
    endAt: '2025-12-20T23:59:59+08:00',
    options: [
      ['解放J7', 48213],
      ['汕德卡C7H', 45120],
      ['德龙X6000', 41876],
      ['天龙旗舰KX', 38554],
      ['欧曼银河', 29340],
      ['乘龙H7', 27105],
    ],
  },
  {
    id: 2,
    title: '2025年度最佳自卸车',
    summary: '工程运输用户心中的年度自卸车。',
    maxChoices: 1,
    startAt: '2025-03-01T00:00:00+08:00',
    endAt: '2025-11-30T23:59:59+08:00',
    options: [
      ['豪沃NX', 18230],
      ['德龙X3000', 17654],
      ['解放悍V', 15421],
      ['杰狮C6', 11208],
      ['漢风G5', 9876],
    ],
  },
  {
    id: 3,
    title: '卡友最信赖的发动机品牌',
    summary: '最多可选三项。',
    maxChoices: 3,
    startAt: '2025-06-01T00:00:00+08:00',
    endAt: '2025-08-31T23:59:59+08:00',
    options: [
      ['潍柴', 36521],
      ['玉柴', 24310],
      ['康明斯', 22876],
      ['锡柴', 20145],
      ['上柴', 8765],
      ['重汽曼', 12430],
    ],
  },
  {
    id: 4,
    title: '新能源重卡：换电还是充电？',
    summary: '说说你更看好哪条补能路线。',
    maxChoices: 1,
    startAt: '2026-03-15T00:00:00+08:00',
    endAt: '2026-06-30T23:59:59+08:00',
    options: [
      ['换电', 8421],
      ['超充', 7310],
      ['两种都要', 5126],
      ['还是柴油车靠谱', 6902],
    ],
  },
  {
    id: 5,
    title: '2026年度最受欢迎牵引车评选',
    summary: '由卡友投票选出2026年度最受欢迎的牵引车，每人每天可投一票。',
    maxChoices: 1,
    startAt: '2026-01-05T00:00:00+08:00',
    endAt: '2026-12-20T23:59:59+08:00',
    options: [
      ['解放J7', 52340],
      ['汕德卡G7', 47210],
      ['德龙X6000', 45102],
      ['天龙旗舰KX', 40233],
      ['欧曼银河', 33012],
      ['乘龙H7', 30876],
      ['格尔发K7', 18450],
    ],
  },
  {
    id: 6,
    title: '2026年度最受欢迎轻卡',
    summary: '城配、快递、冷链，哪款轻卡最好用？',
    maxChoices: 1,
    startAt: '2026-02-01T00:00:00+08:00',
    endAt: '2026-12-31T23:59:59+08:00',
    options: [
      ['解放J6F', 21045],
      ['奥铃大黄蜂', 19872],
      ['帅铃Q6', 15430],
      ['江铃凯运', 14211],
      ['庆铃五十铃KV100', 12765],
      ['豪沃统帅', 11320],
    ],
  },
  {
    id: 7,
    title: '你最想要的AMT变速箱',
    summary: '自动挡重卡越来越多，你选哪一款？',
    maxChoices: 1,
    startAt: '2026-09-01T00:00:00+08:00',
    endAt: '2026-12-31T23:59:59+08:00',
    options: [
      ['法士特 S12MO', 9823],
      ['采埃孚 TraXon', 8710],
      ['解放 TA', 4321],
      ['还是手动挡', 3650],
    ],
  },
  {
    id: 8,
    title: '最美卡车驾驶室',
    summary: '看图投票：哪款驾驶室颜值最高？最多可选两项。',
    maxChoices: 2,
    startAt: '2026-10-10T00:00:00+08:00',
    endAt: '2026-12-10T23:59:59+08:00',
    options: [
      ['解放J7', 12034],
      ['汕德卡C7H', 11562],
      ['欧曼银河', 10875],
      ['德龙X6000', 10210],
      ['乘龙H7', 8432],
    ],
  },
  {
    id: 9,
    title: '2026年度最佳自卸车',
    summary: '工程运输用户心中的年度自卸车。',
    maxChoices: 1,
    startAt: '2026-04-01T00:00:00+08:00',
    endAt: '2026-11-30T23:59:59+08:00',
    options: [
      ['豪沃NX', 16542],
      ['德龙X3000', 17320],
      ['解放悍V', 14012],
      ['乘龙T5', 9210],
      ['三一江山', 8874],
    ],
  },
  {
    id: 10,
    title: '2027年度最受欢迎牵引车评选',
    summary: '2027年1月开启，敬请期待。',
    maxChoices: 1,
    startAt: '2027-01-04T00:00:00+08:00',
    endAt: '2027-12-20T23:59:59+08:00',
    options: [
      ['解放J7', 0],
      ['汕德卡G7', 0],
      ['德龙X6000', 0],
      ['天龙旗舰KX', 0],
      ['欧曼银河', 0],
      ['乘龙H7', 0],
    ],
  },
  {
    id: 11,
    title: '2027年度最受欢迎新能源重卡',
    summary: '纯电、换电、燃料电池，谁是新能源重卡之选？',
    maxChoices: 1,
    startAt: '2027-02-01T00:00:00+08:00',
    endAt: '2027-10-31T23:59:59+08:00',
    options: [
      ['三一魔塔1165', 0],
      ['漢风G7E', 0],
      ['远程星瀚H', 0],
      ['解放J7 纯电', 0],
    ],
  },
  {
    id: 12,
    title: '卡友最爱的轮胎品牌',
    summary: '跑长途，你信哪家轮胎？',
    maxChoices: 1,
    startAt: '2026-05-01T00:00:00+08:00',
    endAt: '2026-07-31T23:59:59+08:00',
    options: [
      ['米其林', 15230],
      ['普利司通', 9870],
      ['玲珑轮胎', 12105],
      ['三角轮胎', 8920],
      ['双钱轮胎', 7654],
    ],
  },
];

/** [title, series name in the product seed, published]. */
const VR_DECL: Array<[string, string, string]> = [
  ['重卡VR看车：解放J7 驾驶室', '解放J7', '2025-03-12T10:00:00+08:00'],
  ['VR全景：汕德卡C7H 外观360°', '汕德卡C7H', '2025-04-02T10:00:00+08:00'],
  ['德龙X6000 驾驶室全景：卧铺与储物', '德龙X6000', '2025-05-18T10:00:00+08:00'],
  ['乘龙H7 VR看车：仪表台与中控', '乘龙H7', '2025-06-09T10:00:00+08:00'],
  ['欧曼银河 VR全景：高顶驾驶室', '欧曼银河', '2025-07-21T10:00:00+08:00'],
  ['天龙旗舰KX 外观与驾驶室全景', '天龙旗舰KX', '2025-08-30T10:00:00+08:00'],
  ['格尔发K7 VR看车', '格尔发K7', '2025-10-11T10:00:00+08:00'],
  ['解放J6P 经典款驾驶室VR', '解放J6P', '2025-11-05T10:00:00+08:00'],
  ['豪沃TH7 VR全景', '豪沃TH7', '2026-01-15T10:00:00+08:00'],
  ['三一魔塔1165 纯电牵引车VR看车', '三一魔塔1165', '2026-03-03T10:00:00+08:00'],
  ['漢风G7E 电动重卡驾驶室全景', '漢风G7E', '2026-04-20T10:00:00+08:00'],
  ['解放J6F 轻卡货箱与驾驶室VR', '解放J6F', '2026-05-28T10:00:00+08:00'],
  ['奥铃大黄蜂 VR全景', '奥铃大黄蜂', '2026-06-16T10:00:00+08:00'],
  ['杰狮H6 VR看车：驾驶室细节', '杰狮H6', '2026-08-08T10:00:00+08:00'],
  ['汕德卡G7 VR全景：旗舰驾驶室', '汕德卡G7', '2026-09-22T10:00:00+08:00'],
  ['远程星瀚H VR看车', '远程星瀚H', '2026-10-30T10:00:00+08:00'],
];

/**
 * The VR panoramas, tied to the product seed's brand and series ids by series name (a renamed series
 * fails here at start, not silently in a picker). Covers are empty and links are paths on the public
 * site: the seed stands in for a real panorama service and points nowhere outside.
 */
export function buildVr(trucks: TruckCatalogue): VrPanorama[] {
  const seriesByName = new Map(trucks.series.map((s) => [s.name, s]));
  const brandById = new Map(trucks.brands.map((b) => [b.id, b]));
  return VR_DECL.map(([title, seriesName, createdAt], i) => {
    const series = seriesByName.get(seriesName);
    if (!series) throw new Error(`topic seed: VR "${title}" names unknown series ${seriesName}`);
    const id = i + 1;
    return {
      id,
      title,
      cover: '',
      link: `/vr/${id}`,
      vehicle: { brandId: series.brandId, brandName: brandById.get(series.brandId)!.name, seriesId: series.id, seriesName: series.name },
      createdAt: new Date(createdAt).toISOString(),
    };
  });
}
