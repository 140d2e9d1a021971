import type { PartsBrand, PartsParamName, PartsProduct, PartsSubCate } from '../../../lib/api/product';

/**
 * Seed parts catalogue of the built-in product host: sub-categories under five top-level categories,
 * the parameter names of each sub-category, parts brands bound to sub-categories, and products with
 * reference prices in 元 and their parameter values. Read-only, served from memory.
 *
 * Ids are fixed here (sub-category `categoryId × 10 + n`, parameter `subCateId × 100 + n`, product in
 * declaration order per sub-category: `subCateId × 1000 + n`) and must not change. Add at the end.
 * @see SEED §7, DESIGN §5
 */

const CATEGORIES: Record<number, string> = { 1: '动力系统', 2: '传动系统', 3: '行驶系统', 4: '电气系统', 5: '油品化学品' };

/** [brandId, model, price in 元, parameter values in the order of the sub-category's params]. */
type PartDecl = [brandId: number, model: string, price: number, values: string[]];

interface SubCateDecl {
  id: number;
  name: string;
  /** [name, unit]. */
  params: Array<[string, string]>;
  products: PartDecl[];
}

const SUB_CATES: SubCateDecl[] = [
  {
    id: 11,
    name: '发动机',
    params: [
      ['排量', 'L'],
      ['最大马力', '马力'],
      ['最大扭矩', 'N·m'],
      ['排放标准', ''],
      ['燃料类型', ''],
      ['气缸数', '个'],
    ],
    products: [
      [1, 'WP13.550E61', 98000, ['12.54', '550', '2550', '国六', '柴油', '6']],
      [1, 'WP15H.610E62', 126000, ['15.0', '610', '2900', '国六', '柴油', '6']],
      [1, 'WP12.460E61', 86000, ['11.6', '460', '2200', '国六', '柴油', '6']],
      [1, 'WP7H.270E61', 52000, ['7.5', '270', '1150', '国六', '柴油', '6']],
      [1, 'WP13NG460E61', 105000, ['12.54', '460', '2100', '国六', '天然气', '6']],
      [2, 'YCK13N500-60', 99000, ['12.9', '500', '2300', '国六', '天然气', '6']],
      [2, 'YCK11460-60', 82000, ['10.8', '460', '2100', '国六', '柴油', '6']],
      [2, 'YCS04200-68', 36000, ['4.0', '200', '720', '国六', '柴油', '4']],
      [3, 'X12 520', 118000, ['11.8', '520', '2300', '国六', '柴油', '6']],
      [3, 'X13 560', 128000, ['13.0', '560', '2600', '国六', '柴油', '6']],
      [3, 'F4.5 240', 48000, ['4.5', '240', '950', '国六', '柴油', '4']],
      [4, 'CA6DM3-55E6', 102000, ['12.52', '550', '2550', '国六', '柴油', '6']],
      [4, 'CA6DK1-24E6', 49000, ['7.7', '240', '950', '国六', '柴油', '6']],
      [5, 'SC13E560.60', 106000, ['12.8', '560', '2600', '国六', '柴油', '6']],
    ],
  },
  {
    id: 21,
    name: '变速箱',
    params: [
      ['档位数', '个'],
      ['最大输入扭矩', 'N·m'],
      ['换挡方式', ''],
      ['速比范围', ''],
    ],
    products: [
      [6, 'S12MO-2600TA', 42000, ['12', '2600', 'AMT', '12.10–0.78']],
      [6, '12JSD200TA', 23000, ['12', '2000', '手动', '12.10–0.78']],
      [6, '16JZSD260TA', 32000, ['16', '2600', '手动', '14.28–0.83']],
      [6, '9JS150TA', 16500, ['9', '1500', '手动', '12.79–1.00']],
      [7, 'TraXon 12TX2620TD', 68000, ['12', '2600', 'AMT', '16.69–1.00']],
      [7, 'TraXon 12TX3020TO', 72000, ['12', '3000', 'AMT', '14.12–0.82']],
      [8, 'EA11109', 29000, ['11', '1900', '手动', '12.42–0.80']],
    ],
  },
  {
    id: 22,
    name: '离合器',
    params: [
      ['直径', 'mm'],
      ['最大扭矩', 'N·m'],
      ['类型', ''],
    ],
    products: [
      [9, 'MFZ430 拉式', 3800, ['430', '2600', '膜片弹簧拉式']],
      [9, 'MF395 推式', 2600, ['395', '1800', '膜片弹簧推式']],
      [10, '430 拉式离合器总成', 3500, ['430', '2500', '膜片弹簧拉式']],
      [10, '362 推式离合器总成', 2200, ['362', '1400', '膜片弹簧推式']],
    ],
  },
  {
    id: 23,
    name: '车桥',
    params: [
      ['类型', ''],
      ['额定载荷', '吨'],
      ['速比', ''],
    ],
    products: [
      [11, 'MAN技术 13吨单级减速驱动桥', 16800, ['驱动桥', '13', '3.7']],
      [11, 'HDZ469 双联驱动桥', 32000, ['驱动桥', '16', '4.11']],
      [12, '485 单级减速驱动桥', 15500, ['驱动桥', '13', '3.42']],
      [12, '7.5吨 前转向桥', 6800, ['转向桥', '7.5', '']],
    ],
  },
  {
    id: 31,
    name: '轮胎',
    params: [
      ['规格', ''],
      ['花纹类型', ''],
      ['负荷指数/速度级别', ''],
      ['适用位置', ''],
    ],
    products: [
      [13, 'X MULTI Z 295/80R22.5', 3380, ['295/80R22.5', '纵向花纹', '152/148M', '全轮位']],
      [13, 'X MULTI D 12R22.5', 3180, ['12R22.5', '横向花纹', '152/149L', '驱动轮']],
      [13, 'X LINE ENERGY Z 315/70R22.5', 3650, ['315/70R22.5', '纵向花纹', '156/150L', '导向轮']],
      [14, 'R249 295/80R22.5', 2980, ['295/80R22.5', '纵向花纹', '152/148M', '导向轮']],
      [14, 'M840 12R22.5', 2860, ['12R22.5', '混合花纹', '152/149K', '驱动轮']],
      [15, 'LLF86 295/80R22.5', 1580, ['295/80R22.5', '纵向花纹', '152/149M', '全轮位']],
      [15, 'KTL200 12R22.5', 1520, ['12R22.5', '混合花纹', '152/149K', '驱动轮']],
      [15, 'LLA78 7.50R16LT', 760, ['7.50R16LT', '纵向花纹', '122/118L', '全轮位']],
      [16, 'TR685 12R22.5', 1480, ['12R22.5', '纵向花纹', '152/149M', '全轮位']],
      [16, 'TRD06 315/80R22.5', 1680, ['315/80R22.5', '横向花纹', '157/154K', '驱动轮']],
      [17, 'ST939 295/80R22.5', 1460, ['295/80R22.5', '纵向花纹', '152/149M', '导向轮']],
      [17, 'RR202 12R22.5', 1420, ['12R22.5', '混合花纹', '152/149K', '驱动轮']],
    ],
  },
  {
    id: 41,
    name: '蓄电池',
    params: [
      ['电压', 'V'],
      ['容量', 'Ah'],
      ['冷启动电流', 'A'],
      ['类型', ''],
    ],
    products: [
      [18, '6-QW-165', 1380, ['12', '165', '1000', '免维护']],
      [18, '6-QW-195 EFB', 1680, ['12', '195', '1150', 'EFB启停']],
      [19, '6-QW-180', 1180, ['12', '180', '950', '免维护']],
      [19, '6-QW-120', 860, ['12', '120', '760', '免维护']],
      [20, '6-QW-200', 1260, ['12', '200', '1050', '免维护']],
      [20, '6-QW-150', 980, ['12', '150', '900', '免维护']],
    ],
  },
  {
    id: 51,
    name: '润滑油',
    params: [
      ['粘度等级', ''],
      ['API等级', ''],
      ['容量', 'L'],
    ],
    products: [
      [21, '劲霸 R6 LME 10W-40', 1280, ['10W-40', 'CK-4', '18']],
      [21, '劲霸 R5 E 15W-40', 860, ['15W-40', 'CI-4', '18']],
      [22, '黑霸王超级 15W-40', 920, ['15W-40', 'CK-4', '18']],
      [22, '黑霸王 1300 10W-30', 1150, ['10W-30', 'CK-4', '18']],
      [23, '尊龙 T600 15W-40', 780, ['15W-40', 'CK-4', '18']],
      [24, '油威 15W-40', 620, ['15W-40', 'CI-4', '18']],
    ],
  },
  {
    id: 52,
    name: '车用尿素',
    params: [
      ['容量', 'L'],
      ['执行标准', ''],
    ],
    products: [
      [24, '车用尿素溶液 10L', 98, ['10', 'GB 29518-2013']],
      [25, '车用尿素 10L', 110, ['10', 'GB 29518-2013']],
      [25, '车用尿素 200L', 1680, ['200', 'GB 29518-2013']],
    ],
  },
];

const BRANDS: Array<Omit<PartsBrand, 'subCateIds' | 'logo'>> = [
  { id: 1, name: '潍柴', initial: 'W' },
  { id: 2, name: '玉柴', initial: 'Y' },
  { id: 3, name: '康明斯', initial: 'K' },
  { id: 4, name: '锡柴', initial: 'X' },
  { id: 5, name: '上柴', initial: 'S' },
  { id: 6, name: '法士特', initial: 'F' },
  { id: 7, name: '采埃孚', initial: 'C' },
  { id: 8, name: '伊顿', initial: 'Y' },
  { id: 9, name: '萨克斯', initial: 'S' },
  { id: 10, name: '法雷奥', initial: 'F' },
  { id: 11, name: '汉德车桥', initial: 'H' },
  { id: 12, name: '东风德纳', initial: 'D' },
  { id: 13, name: '米其林', initial: 'M' },
  { id: 14, name: '普利司通', initial: 'P' },
  { id: 15, name: '玲珑轮胎', initial: 'L' },
  { id: 16, name: '三角轮胎', initial: 'S' },
  { id: 17, name: '双钱轮胎', initial: 'S' },
  { id: 18, name: '瓦尔塔', initial: 'W' },
  { id: 19, name: '骆驼', initial: 'L' },
  { id: 20, name: '风帆', initial: 'F' },
  { id: 21, name: '壳牌', initial: 'K' },
  { id: 22, name: '美孚', initial: 'M' },
  { id: 23, name: '长城润滑油', initial: 'C' },
  { id: 24, name: '统一润滑油', initial: 'T' },
  { id: 25, name: '可兰素', initial: 'K' },
];

export interface PartsCatalogue {
  subCates: PartsSubCate[];
  params: PartsParamName[];
  brands: PartsBrand[];
  products: PartsProduct[];
}

/**
 * Expands the declarations. A brand is bound to the sub-categories it has products in, so the
 * binding and the products cannot disagree.
 */
export function buildParts(): PartsCatalogue {
  const brandById = new Map(BRANDS.map((b) => [b.id, { ...b, logo: '', subCateIds: [] as number[] }]));
  const subCates: PartsSubCate[] = [];
  const params: PartsParamName[] = [];
  const products: PartsProduct[] = [];
  for (const sc of SUB_CATES) {
    const categoryId = Math.floor(sc.id / 10);
    subCates.push({ id: sc.id, name: sc.name, categoryId, categoryName: CATEGORIES[categoryId] });
    const own = sc.params.map(([name, unit], i) => ({ id: sc.id * 100 + i + 1, subCateId: sc.id, name, unit }));
    params.push(...own);
    sc.products.forEach(([brandId, model, price, values], i) => {
      const brand = brandById.get(brandId);
      if (!brand) throw new Error(`parts seed: unknown brand ${brandId} for ${model}`);
      if (values.length !== own.length) throw new Error(`parts seed: ${model} has ${values.length} values for ${own.length} params`);
      if (!brand.subCateIds.includes(sc.id)) brand.subCateIds.push(sc.id);
      products.push({
        id: sc.id * 1000 + i + 1,
        brandId,
        brandName: brand.name,
        subCateId: sc.id,
        subCateName: sc.name,
        name: `${brand.name} ${model}`,
        model,
        price,
        params: own.map((p, k) => ({ paramId: p.id, name: p.name, unit: p.unit, value: values[k] })),
      });
    });
  }
  return { subCates, params, brands: [...brandById.values()], products };
}
