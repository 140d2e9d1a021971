import type { PartsBrand, PartsParamName, PartsProduct, PartsSubCate, TruckBrand, TruckProduct, TruckSeriesEx } from '../../lib/api/product';
import { ok } from '../http/reply';
import { parseInput } from '../http/errors';
import { buildParts } from './data/parts';
import { buildTrucks, SUB_CATEGORIES } from './data/trucks';
import { createHostApp, groupBy, idQuery, matchesKeyword, oneOfQuery, pageOf, pageQuery, searchText, type HostDeps } from './host-app';

/** A row with its prepared keyword text, so a search is a scan of short strings and nothing else. */
interface Indexed<T> {
  item: T;
  text: string;
}

/** A test on one row; `false`/`undefined` stand for a filter the request did not set. */
type Test<T> = ((item: T) => boolean) | false | undefined;

/** The rows of `base` passing every set test and the keyword, in `base`'s order. */
function pick<T>(base: readonly Indexed<T>[] | undefined, keyword: string | undefined, ...tests: Test<T>[]): T[] {
  const set = tests.filter((t): t is (item: T) => boolean => Boolean(t));
  return (base ?? []).filter((r) => set.every((t) => t(r.item)) && matchesKeyword(r.text, keyword)).map((r) => r.item);
}

/**
 * The seed catalogue with the indexes the filters use, built once per process (a few milliseconds):
 * brand → series → product narrowing reads a prebuilt group instead of scanning everything.
 */
function buildCatalogue() {
  const trucks = buildTrucks();
  const parts = buildParts();
  const productsOfSeries = groupBy(trucks.products, (p) => p.seriesId);
  const brandName = new Map(trucks.brands.map((b) => [b.id, b.name]));

  const seriesEx: TruckSeriesEx[] = trucks.series.map((s) => {
    const prices = (productsOfSeries.get(s.id) ?? []).map((p) => p.guidePrice);
    return {
      ...s,
      brandName: brandName.get(s.brandId) ?? '',
      productCount: prices.length,
      minPrice: prices.length ? Math.min(...prices) : 0,
      maxPrice: prices.length ? Math.max(...prices) : 0,
    };
  });
  const subCategoriesOfBrand = new Map<number, Set<string>>();
  for (const s of trucks.series) {
    const set = subCategoriesOfBrand.get(s.brandId) ?? new Set<string>();
    set.add(s.subCategory);
    subCategoriesOfBrand.set(s.brandId, set);
  }

  // Brands in A–Z order of their initial, as a picker lists them; the rest in declaration (id) order.
  const brands: Indexed<TruckBrand>[] = [...trucks.brands]
    .sort((a, b) => a.initial.localeCompare(b.initial) || a.id - b.id)
    .map((item) => ({ item, text: searchText(trucks.brandSearch.get(item.id) ?? item.name) }));
  // Series and products match on the brand's own name, not its aliases: 豪沃 should find 豪沃 series,
  // not every series of 中国重汽.
  const series = seriesEx.map((item) => ({ item, text: searchText(item.name, item.brandName) }));
  const products: Indexed<TruckProduct>[] = trucks.products.map((item) => ({ item, text: searchText(item.name, item.engine, item.brandName) }));

  const partsBrands: Indexed<PartsBrand>[] = [...parts.brands]
    .sort((a, b) => a.initial.localeCompare(b.initial) || a.id - b.id)
    .map((item) => ({ item, text: searchText(item.name) }));
  const subCates: Indexed<PartsSubCate>[] = parts.subCates.map((item) => ({ item, text: searchText(item.name, item.categoryName) }));
  const params: Indexed<PartsParamName>[] = parts.params.map((item) => ({ item, text: searchText(item.name) }));
  const partsProducts: Indexed<PartsProduct>[] = parts.products.map((item) => ({ item, text: searchText(item.name, item.subCateName) }));

  return {
    subCategoriesOfBrand,
    brands,
    series,
    seriesOfBrand: groupBy(series, (r) => r.item.brandId),
    products,
    productsOfSeries: groupBy(products, (r) => r.item.seriesId),
    productsOfBrand: groupBy(products, (r) => r.item.brandId),
    partsBrands,
    subCates,
    params,
    paramsOfSubCate: groupBy(params, (r) => r.item.subCateId),
    partsProducts,
    partsProductsOfSubCate: groupBy(partsProducts, (r) => r.item.subCateId),
    categoryOfSubCate: new Map(parts.subCates.map((s) => [s.id, s.categoryId])),
  };
}

let cached: ReturnType<typeof buildCatalogue> | undefined;
const catalogue = () => (cached ??= buildCatalogue());

let productsById: Map<number, TruckProduct> | undefined;
/** One truck version of the built-in catalogue (the delivery API's 询价 blocks), or undefined. */
export function truckProduct(id: number): TruckProduct | undefined {
  productsById ??= new Map(catalogue().products.map((r) => [r.item.id, r.item]));
  return productsById.get(id);
}

const subCategory = oneOfQuery(SUB_CATEGORIES, `子类别只能是：${SUB_CATEGORIES.join('、')}`);
const brandQuery = pageQuery.extend({ id: idQuery('品牌ID'), subCategory });
const seriesQuery = pageQuery.extend({ id: idQuery('车系ID'), brandId: idQuery('品牌ID'), subCategory });
const productQuery = pageQuery.extend({ id: idQuery('车型ID'), brandId: idQuery('品牌ID'), seriesId: idQuery('车系ID'), subCategory });
const partsBrandQuery = pageQuery.extend({ subCateId: idQuery('配件子类ID') });
const subCateQuery = pageQuery.extend({ categoryId: idQuery('配件大类ID') });
const paramQuery = pageQuery.extend({ subCateId: idQuery('配件子类ID') });
const partsProductQuery = pageQuery.extend({
  id: idQuery('配件ID'),
  brandId: idQuery('配件品牌ID'),
  subCateId: idQuery('配件子类ID'),
  categoryId: idQuery('配件大类ID'),
});

/** Series rows of `/series/getList`, without the card fields of getExList. */
function plainSeries({ id, brandId, name, subCategory }: TruckSeriesEx) {
  return { id, brandId, name, subCategory };
}

/**
 * The built-in product host (`/product-api`): the truck catalogue (brand → series → product) and the
 * parts catalogue, read-only from the seed in `data/`. Every list takes `page`, `pageSize` (≤ 100) and
 * `keyword` (every word must occur; in the brand list aliases count too, so 乘龙 finds 东风柳汽) and ignores unknown
 * parameters; a malformed filter is a 400 with field errors.
 * @see SEED §7 (product service), DESIGN §5, §7 (询价)
 */
export function createProductHost(deps: HostDeps) {
  const app = createHostApp('/product-api', deps);

  app.get('/brand/getList', (c) => {
    const q = parseInput(brandQuery, c.req.query());
    const cat = catalogue();
    const rows = pick(
      cat.brands,
      q.keyword,
      q.id !== undefined && ((b) => b.id === q.id),
      q.subCategory && ((b) => cat.subCategoriesOfBrand.get(b.id)?.has(q.subCategory!) ?? false),
    );
    return ok(c, pageOf(rows, q));
  });

  const seriesRows = (query: Record<string, string>) => {
    const q = parseInput(seriesQuery, query);
    const cat = catalogue();
    const base = q.brandId !== undefined ? cat.seriesOfBrand.get(q.brandId) : cat.series;
    return { q, rows: pick(base, q.keyword, q.id !== undefined && ((s) => s.id === q.id), q.subCategory && ((s) => s.subCategory === q.subCategory)) };
  };

  app.get('/series/getList', (c) => {
    const { q, rows } = seriesRows(c.req.query());
    const page = pageOf(rows, q);
    return ok(c, { ...page, list: page.list.map(plainSeries) });
  });

  /** The series list with what a series card shows: brand name, product count, guide-price range (万元). */
  app.get('/series/getExList', (c) => {
    const { q, rows } = seriesRows(c.req.query());
    return ok(c, pageOf(rows, q));
  });

  app.get('/product/getList', (c) => {
    const q = parseInput(productQuery, c.req.query());
    const cat = catalogue();
    // Start from the narrowest prebuilt group the filters allow.
    const base = q.seriesId !== undefined ? cat.productsOfSeries.get(q.seriesId) : q.brandId !== undefined ? cat.productsOfBrand.get(q.brandId) : cat.products;
    const rows = pick(
      base,
      q.keyword,
      q.id !== undefined && ((p) => p.id === q.id),
      q.brandId !== undefined && ((p) => p.brandId === q.brandId),
      q.subCategory && ((p) => p.subCategory === q.subCategory),
    );
    return ok(c, pageOf(rows, q));
  });

  /** Parts brands with the sub-categories they are bound to; `subCateId` keeps those bound to it. */
  app.get('/parts_brands/bind', (c) => {
    const q = parseInput(partsBrandQuery, c.req.query());
    const rows = pick(catalogue().partsBrands, q.keyword, q.subCateId !== undefined && ((b) => b.subCateIds.includes(q.subCateId!)));
    return ok(c, pageOf(rows, q));
  });

  app.get('/parts_sub_cate', (c) => {
    const q = parseInput(subCateQuery, c.req.query());
    const rows = pick(catalogue().subCates, q.keyword, q.categoryId !== undefined && ((s) => s.categoryId === q.categoryId));
    return ok(c, pageOf(rows, q));
  });

  /** Parameter names (with units) of a parts sub-category, in the order products list their values. */
  app.get('/parts_param_name', (c) => {
    const q = parseInput(paramQuery, c.req.query());
    const cat = catalogue();
    const rows = pick(q.subCateId !== undefined ? cat.paramsOfSubCate.get(q.subCateId) : cat.params, q.keyword);
    return ok(c, pageOf(rows, q));
  });

  app.get('/parts_products', (c) => {
    const q = parseInput(partsProductQuery, c.req.query());
    const cat = catalogue();
    const rows = pick(
      q.subCateId !== undefined ? cat.partsProductsOfSubCate.get(q.subCateId) : cat.partsProducts,
      q.keyword,
      q.id !== undefined && ((p) => p.id === q.id),
      q.brandId !== undefined && ((p) => p.brandId === q.brandId),
      q.categoryId !== undefined && ((p) => cat.categoryOfSubCate.get(p.subCateId) === q.categoryId),
    );
    return ok(c, pageOf(rows, q));
  });

  return app;
}

export type ProductHost = ReturnType<typeof createProductHost>;
