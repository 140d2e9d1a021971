import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductHost } from '@/server/hosts/product';
import { createTopicHost } from '@/server/hosts/topic';
import { createStaff, DB_KINDS, setupTestApp, testPeer, type TestContext } from './helpers';

/** The clock the topic host reads statuses against: 2026-11-22 noon, Beijing time. */
const NOW = new Date('2026-11-22T12:00:00+08:00');

const PRODUCT_ROUTES = [
  '/brand/getList',
  '/series/getList',
  '/series/getExList',
  '/product/getList',
  '/parts_brands/bind',
  '/parts_sub_cate',
  '/parts_param_name',
  '/parts_products',
];
const TOPIC_ROUTES = ['/activity/list', '/master/vr'];

describe.each(DB_KINDS)('built-in product and topic hosts on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let reader: string;
  let product: ReturnType<typeof createProductHost>;
  let topic: ReturnType<typeof createTopicHost>;

  /** GET on a host; `path` starts with the host's base (`/product-api/…`). */
  async function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
    const app = path.startsWith('/topic-api') ? topic : product;
    const res = await app.request(`http://localhost${path}`, { headers: { 'x-test-peer': '10.0.0.1', ...(cookie ? { cookie } : {}), ...headers } });
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  }
  /** The data of a successful list reply. */
  async function list(path: string, cookie = admin) {
    const res = await get(path, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 0, message: 'ok' });
    return res.body.data as { list: any[]; total: number; page: number; pageSize: number };
  }
  const q = (text: string) => encodeURIComponent(text);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    // A staff member whose role grants no page at all: signed in is all the hosts ask for.
    reader = (await createStaff(t, admin, { username: 'reader', routes: [] })).cookie;
    const getDb = async () => t.db;
    product = createProductHost({ getDb, peer: testPeer });
    topic = createTopicHost({ getDb, peer: testPeer, now: () => NOW });
  });
  afterAll(async () => t?.close());

  describe('access', () => {
    it('401 envelope for anonymous and unknown sessions on every route, before input is checked', async () => {
      for (const route of [...PRODUCT_ROUTES.map((r) => `/product-api${r}`), ...TOPIC_ROUTES.map((r) => `/topic-api${r}`)]) {
        for (const cookie of [undefined, 'cms_session=forged-token']) {
          const res = await get(`${route}?page=abc`, cookie);
          expect(res.status, route).toBe(401);
          expect(res.body).toEqual({ status: 401, data: null, message: expect.stringContaining('未登录') });
        }
      }
    });

    it('any signed-in user reads both hosts; replies are not cached and carry the security headers', async () => {
      for (const route of PRODUCT_ROUTES) expect((await list(`/product-api${route}`, reader)).total, route).toBeGreaterThan(0);
      for (const route of TOPIC_ROUTES) expect((await list(`/topic-api${route}`, reader)).total, route).toBeGreaterThan(0);
      const res = await get('/product-api/brand/getList', reader);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      const anon = await get('/topic-api/master/vr', undefined, { 'x-test-tls': '1' });
      expect(anon.headers.get('cache-control')).toBe('no-store');
      expect(anon.headers.get('strict-transport-security')).toContain('max-age=');
    });

    it('404 envelope for a path the host does not serve', async () => {
      const res = await get('/product-api/brand/nothing', admin);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, data: null });
    });
  });

  describe('product host: trucks', () => {
    it('lists brands A–Z by initial with a series count, filtered by keyword, alias, sub-category and id', async () => {
      const all = await list('/product-api/brand/getList?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(15);
      expect(all.list.map((b) => b.name)).toEqual(
        expect.arrayContaining([
          '一汽解放',
          '东风商用车',
          '中国重汽',
          '陕汽重卡',
          '福田汽车',
          '江淮汽车',
          '大运汽车',
          '上汽红岩',
          '东风柳汽',
          '北奔重汽',
          '徐工汽车',
          '三一重卡',
        ]),
      );
      const initials = all.list.map((b) => b.initial);
      expect(initials).toEqual([...initials].sort());
      expect(all.list[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        initial: expect.stringMatching(/^[A-Z]$/),
        logo: '',
        seriesCount: expect.any(Number),
      });

      expect((await list(`/product-api/brand/getList?keyword=${q('乘龙')}`)).list.map((b) => b.name)).toEqual(['东风柳汽']);
      expect((await list(`/product-api/brand/getList?keyword=${q('解放')}`)).list.map((b) => b.name)).toEqual(['一汽解放']);
      const light = (await list(`/product-api/brand/getList?subCategory=${q('轻卡')}&pageSize=100`)).list.map((b) => b.name);
      expect(light).toContain('福田汽车');
      expect(light).not.toContain('北奔重汽');
      expect((await list('/product-api/brand/getList?id=3')).list.map((b) => b.name)).toEqual(['中国重汽']);
    });

    it('narrows brand → series → product, and the extended series list agrees with the products', async () => {
      const [jiefang] = (await list(`/product-api/brand/getList?keyword=${q('一汽解放')}`)).list;
      const series = await list(`/product-api/series/getList?brandId=${jiefang.id}&pageSize=100`);
      expect(series.total).toBe(jiefang.seriesCount);
      expect(series.list.every((s) => s.brandId === jiefang.id)).toBe(true);
      expect(Object.keys(series.list[0]).sort()).toEqual(['brandId', 'id', 'name', 'subCategory']);

      const tractors = await list(`/product-api/series/getList?brandId=${jiefang.id}&subCategory=${q('牵引车')}`);
      expect(tractors.list.map((s) => s.name)).toEqual(expect.arrayContaining(['解放J7', '解放J6P', '解放JH6']));
      expect(tractors.list.every((s) => s.subCategory === '牵引车')).toBe(true);
      const j6p = tractors.list.find((s) => s.name === '解放J6P');

      const products = await list(`/product-api/product/getList?seriesId=${j6p.id}`);
      expect(products.total).toBeGreaterThanOrEqual(3);
      for (const p of products.list) {
        expect(p).toMatchObject({ seriesId: j6p.id, seriesName: '解放J6P', brandId: jiefang.id, brandName: '一汽解放', subCategory: '牵引车' });
        expect(p.name).toMatch(/^解放J6P .*\d+马力 \d×\d 牵引车$/);
        expect(p.guidePrice).toBeGreaterThan(20);
        expect(p.guidePrice).toBeLessThan(80);
      }

      const [ex] = (await list(`/product-api/series/getExList?id=${j6p.id}`)).list;
      const prices = products.list.map((p) => p.guidePrice);
      expect(ex).toEqual({ ...j6p, brandName: '一汽解放', productCount: products.total, minPrice: Math.min(...prices), maxPrice: Math.max(...prices) });

      // A series of another brand under this brand is nothing, not an error.
      const [other] = (await list(`/product-api/series/getList?keyword=${q('德龙X6000')}`)).list;
      expect((await list(`/product-api/product/getList?brandId=${jiefang.id}&seriesId=${other.id}`)).total).toBe(0);
    });

    it('finds products by keyword words in any order, with × typed as x, and by sub-category', async () => {
      const hits = await list(`/product-api/product/getList?keyword=${q('6x4 460 J6P')}`);
      expect(hits.total).toBeGreaterThanOrEqual(1);
      expect(hits.list.every((p) => p.name.includes('J6P') && p.name.includes('460马力') && p.drive === '6×4')).toBe(true);
      expect((await list(`/product-api/product/getList?keyword=${q('天然气 乘龙')}`)).list.map((p) => p.seriesName)).toEqual(['乘龙H7']);
      const dumps = await list(`/product-api/product/getList?subCategory=${q('自卸车')}&pageSize=100`);
      expect(dumps.total).toBeGreaterThanOrEqual(20);
      expect(dumps.list.every((p) => p.subCategory === '自卸车')).toBe(true);
      const sinotruk = await list(`/product-api/series/getExList?keyword=${q('中国重汽')}&pageSize=100`);
      expect(sinotruk.total).toBeGreaterThanOrEqual(5);
      expect(sinotruk.list.every((s) => s.brandName === '中国重汽')).toBe(true);
      const howo = await list(`/product-api/series/getList?keyword=${q('豪沃')}&pageSize=100`);
      expect(howo.total).toBeGreaterThanOrEqual(3);
      expect(howo.list.every((s) => s.name.includes('豪沃'))).toBe(true);
    });

    it('pages through a few hundred products without overlap', async () => {
      const first = await list('/product-api/product/getList?pageSize=100');
      expect(first.total).toBeGreaterThanOrEqual(150);
      expect(first).toMatchObject({ page: 1, pageSize: 100 });
      const p1 = await list('/product-api/product/getList?page=1&pageSize=7');
      const p2 = await list('/product-api/product/getList?page=2&pageSize=7');
      expect(p1.list).toHaveLength(7);
      expect(p2.list[0]).toEqual(first.list[7]);
      expect(new Set([...p1.list, ...p2.list].map((p) => p.id)).size).toBe(14);
      const beyond = await list('/product-api/product/getList?page=999&pageSize=100');
      expect(beyond).toMatchObject({ list: [], total: first.total, page: 999 });
      expect((await list('/product-api/product/getList')).pageSize).toBe(20);
    });

    it('ignores unknown parameters and treats a cleared filter as none', async () => {
      const plain = await list('/product-api/product/getList?pageSize=5');
      expect(await list(`/product-api/product/getList?pageSize=5&_t=${Date.now()}&foo=bar&brandId=&keyword=`)).toEqual(plain);
      expect(await list('/product-api/series/getExList?_=1&seriesId=nonsense')).toEqual(await list('/product-api/series/getExList'));
    });
  });

  describe('product host: parts', () => {
    it('lists sub-categories under their categories, brands bound to one, its parameter names and products', async () => {
      const subs = await list('/product-api/parts_sub_cate?pageSize=100');
      expect(subs.list.map((s) => s.name)).toEqual(expect.arrayContaining(['发动机', '变速箱', '轮胎', '蓄电池']));
      const [tyres] = (await list(`/product-api/parts_sub_cate?keyword=${q('轮胎')}`)).list;
      expect(tyres).toMatchObject({ name: '轮胎', categoryName: '行驶系统' });
      expect((await list(`/product-api/parts_sub_cate?categoryId=${tyres.categoryId}`)).list.map((s) => s.name)).toEqual(['轮胎']);

      const bound = await list(`/product-api/parts_brands/bind?subCateId=${tyres.id}&pageSize=100`);
      expect(bound.list.map((b) => b.name)).toEqual(expect.arrayContaining(['米其林', '玲珑轮胎']));
      expect(bound.list.every((b) => b.subCateIds.includes(tyres.id))).toBe(true);
      expect(bound.list.map((b) => b.name)).not.toContain('潍柴');

      const params = await list(`/product-api/parts_param_name?subCateId=${tyres.id}`);
      expect(params.list.map((p) => p.name)).toContain('规格');
      expect(params.list.every((p) => p.subCateId === tyres.id)).toBe(true);

      const michelin = bound.list.find((b) => b.name === '米其林');
      const parts = await list(`/product-api/parts_products?subCateId=${tyres.id}&brandId=${michelin.id}`);
      expect(parts.total).toBeGreaterThanOrEqual(2);
      for (const p of parts.list) {
        expect(p).toMatchObject({ brandName: '米其林', subCateName: '轮胎', name: expect.stringMatching(/^米其林 /) });
        expect(p.params.map((x: any) => x.paramId)).toEqual(params.list.map((x) => x.id));
      }
      expect((await list(`/product-api/parts_products?categoryId=${tyres.categoryId}&pageSize=100`)).total).toBe(
        (await list(`/product-api/parts_products?subCateId=${tyres.id}&pageSize=100`)).total,
      );
      const sized = await list(`/product-api/parts_products?keyword=${q('295/80R22.5')}`);
      expect(sized.total).toBeGreaterThanOrEqual(3);
      expect(sized.list.every((p) => p.name.includes('295/80R22.5'))).toBe(true);
      const engines = await list(`/product-api/parts_products?keyword=${q('潍柴')}&pageSize=100`);
      expect(engines.list.every((p) => p.subCateName === '发动机' && p.price > 10000)).toBe(true);
    });
  });

  describe('topic host', () => {
    it('lists votes newest first with options, totals and a status from the clock', async () => {
      const all = await list('/topic-api/activity/list?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(10);
      const starts = all.list.map((a) => a.startAt);
      expect(starts).toEqual([...starts].sort().reverse());
      const vote = all.list.find((a) => a.title === '2026年度最受欢迎牵引车评选');
      expect(vote).toMatchObject({ status: 1, maxChoices: 1, cover: '' });
      expect(vote.totalVotes).toBe(vote.options.reduce((sum: number, o: any) => sum + o.votes, 0));
      expect(vote.options[0]).toEqual({ id: expect.any(Number), title: expect.any(String), votes: expect.any(Number) });

      const ongoing = await list('/topic-api/activity/list?status=1&pageSize=100');
      expect(ongoing.list.every((a) => a.status === 1 && a.startAt <= NOW.toISOString() && a.endAt >= NOW.toISOString())).toBe(true);
      expect((await list('/topic-api/activity/list?status=0')).list.map((a) => a.title)).toContain('2027年度最受欢迎牵引车评选');
      expect((await list('/topic-api/activity/list?status=2&pageSize=100')).list.map((a) => a.title)).toContain('2025年度最受欢迎牵引车评选');
      const counts = await Promise.all(['0', '1', '2'].map(async (s) => (await list(`/topic-api/activity/list?status=${s}`)).total));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(all.total);

      const keyword = await list(`/topic-api/activity/list?keyword=${q('牵引车')}&status=2`);
      expect(keyword.list.map((a) => a.title)).toEqual(['2025年度最受欢迎牵引车评选']);
      const page2 = await list('/topic-api/activity/list?page=2&pageSize=5&_t=1');
      expect(page2.list.map((a) => a.id)).toEqual(all.list.slice(5, 10).map((a) => a.id));
    });

    it('lists VR panoramas tied to product-host series', async () => {
      const all = await list('/topic-api/master/vr?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(12);
      const [j7] = (await list(`/topic-api/master/vr?keyword=${q('解放J7')}`)).list;
      expect(j7).toMatchObject({ title: '重卡VR看车：解放J7 驾驶室', cover: '', link: expect.stringMatching(/^\/vr\/\d+$/) });
      const [series] = (await list(`/product-api/series/getList?id=${j7.vehicle.seriesId}`)).list;
      expect(series).toMatchObject({ name: '解放J7', brandId: j7.vehicle.brandId });
      expect((await list(`/topic-api/master/vr?id=${j7.id}`)).list).toEqual([j7]);
      const p2 = await list('/topic-api/master/vr?page=2&pageSize=3');
      expect(p2.list.map((v) => v.id)).toEqual(all.list.slice(3, 6).map((v) => v.id));
    });
  });

  describe('bad input', () => {
    const cases: Array<[string, string[]]> = [
      ['/product-api/brand/getList?id=abc&subCategory=%E5%8D%A1%E8%BD%A6', ['id', 'subCategory']],
      ['/product-api/series/getList?brandId=-1&page=0', ['page', 'brandId']],
      ['/product-api/series/getExList?pageSize=101', ['pageSize']],
      ['/product-api/product/getList?seriesId=12345678901&brandId=1.5&page=x', ['page', 'brandId', 'seriesId']],
      ['/product-api/product/getList?id=2147483648', ['id']],
      ['/product-api/parts_brands/bind?subCateId=0', ['subCateId']],
      ['/product-api/parts_sub_cate?categoryId=one', ['categoryId']],
      ['/product-api/parts_param_name?subCateId=1e3', ['subCateId']],
      ['/product-api/parts_products?brandId=x&categoryId=-2', ['brandId', 'categoryId']],
      ['/topic-api/activity/list?status=5&pageSize=0', ['pageSize', 'status']],
      ['/topic-api/master/vr?id=abc&keyword=' + 'x'.repeat(101), ['keyword', 'id']],
    ];
    it.each(cases)('%s → 400 with field errors', async (path, fields) => {
      const res = await get(path, admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, data: null, message: expect.any(String) });
      expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
      for (const text of Object.values(res.body.errors)) expect(text).toMatch(/[\u4e00-\u9fff]/);
    });

    it('a NUL in the query is a 400, not a 500', async () => {
      const res = await get('/product-api/product/getList?keyword=%00', admin);
      expect(res.status).toBe(400);
    });
  });
});
