import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { advertise, focusHome, focusVideo, operationLogs, platforms, sensitiveWords } from '@/server/db/schema';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/** Issue 23: the security review's F3 and F4, and the API's edges (item 4). */
describe.each(DB_KINDS)('the API’s edges (issue 23) on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const logCount = async () => (await t.db.select({ n: count() }).from(operationLogs))[0].n;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  /** A write with these exact bytes and Content-Type, as a script on another system would send it. */
  const sendBytes = async (method: string, path: string, bytes: Uint8Array | string, contentType: string) => {
    const res = await t.app.request(`http://localhost${path}`, {
      method,
      headers: { 'x-test-peer': '10.0.0.1', cookie: admin, 'content-type': contentType },
      body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
    });
    return { status: res.status, body: (await res.json()) as { status: number; message: string; errors?: Record<string, string>; data: any } };
  };

  describe('F3: a body that is not UTF-8, or says it is not, is refused and changes nothing', () => {
    // 赌博 in GBK: the review's reproduction (stored as 「�Ĳ�」, it matched every "Beijing").
    const GBK_WORD = [0xb6, 0xc4, 0xb2, 0xa9];
    const gbkBody = Uint8Array.from([...Buffer.from('{"words":["'), ...GBK_WORD, ...Buffer.from('"]}')]);
    const words = async () => (await t.db.select({ word: sensitiveWords.word }).from(sensitiveWords)).map((w) => w.word);

    it('GBK bytes declared as GBK, as plain JSON or as UTF-8: 400, nothing stored, nothing logged', async () => {
      const before = await words();
      const logs = await logCount();
      const declared = await sendBytes('POST', '/api/sensitive_words', gbkBody, 'application/json; charset=gbk');
      expect(declared.status).toBe(400);
      expect(declared.body.message).toBe('请求内容必须以 UTF-8 编码发送（收到的字符集为 gbk）');
      for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"']) {
        const res = await sendBytes('POST', '/api/sensitive_words', gbkBody, type);
        expect(res.status, type).toBe(400);
        expect(res.body.message, type).toBe('请求内容不是有效的 UTF-8 文本，请以 UTF-8 编码发送');
      }
      expect(await words()).toEqual(before);
      expect(await logCount()).toBe(logs);
    });

    it('a charset other than UTF-8 is refused even when the bytes happen to be ASCII', async () => {
      for (const charset of ['iso-8859-1', 'utf-16', '"gb2312"', '']) {
        const res = await sendBytes('POST', '/api/platform', JSON.stringify({ name: `平台${charset}`, code: 'latin' }), `application/json; charset=${charset}`);
        expect(res.status, charset).toBe(400);
        expect(res.body.message, charset).toContain('请求内容必须以 UTF-8 编码发送');
      }
      expect(await t.db.select().from(platforms).where(eq(platforms.code, 'latin'))).toEqual([]);
    });

    it('a lone surrogate escaped in JSON is refused, in a value or a key; a real pair is kept', async () => {
      for (const body of ['{"words":["\\ud800abc"]}', '{"words":["abc\\udfff"]}', '{"words":["ok"],"\\udc00":1}']) {
        const res = await sendBytes('POST', '/api/sensitive_words', body, 'application/json');
        expect(res.status, body).toBe(400);
        expect(res.body.message, body).toBe('请求内容包含无效的 Unicode 字符（不成对的代理项）');
      }
      expect((await words()).filter((w) => w.includes('abc'))).toEqual([]);
      // 𠮷 (U+20BB7) as an escaped pair and as UTF-8 bytes: one whole character, stored as such.
      const pair = await sendBytes('POST', '/api/sensitive_words', '{"words":["\\ud842\\udfb7测试", "𠮷字"]}', 'application/json; charset=utf-8');
      expect(pair.status, JSON.stringify(pair.body)).toBe(200);
      expect(await words()).toEqual(expect.arrayContaining(['𠮷测试', '𠮷字']));
    });

    it('valid UTF-8 with a byte order mark is read as the text it is', async () => {
      const res = await sendBytes(
        'POST',
        '/api/sensitive_words',
        Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"words":["带标记"]}')]),
        'application/json',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await words()).toContain('带标记');
    });
  });

  describe('F4: a platform’s code stays while focus slots use it', () => {
    const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
    const slot = (platform: string, title: string) =>
      call('POST', '/api/focus_home', {
        title,
        image: 'https://cdn.example.com/f.jpg',
        url: 'https://example.com/',
        startAt: '2026-01-01T00:00:00Z',
        platform,
      });

    it('a code in use is refused with the counts and links; the name still changes; nothing moves', async () => {
      const app = (await call('POST', '/api/platform', { name: '客户端', code: 'appx' })).body.data;
      for (const title of ['头条一', '头条二', '头条三']) expect((await slot('appx', title)).status).toBe(200);
      const video = await call('POST', '/api/focus_video', {
        title: '视频头条',
        image: 'https://cdn.example.com/v.jpg',
        url: 'https://example.com/v',
        startAt: '2026-01-01T00:00:00Z',
        platform: 'appx',
      });
      expect(video.status, JSON.stringify(video.body)).toBe(200);
      const logs = await logCount();
      const renamed = await call('PUT', `/api/platform/${app.id}`, { code: 'appy' });
      expect(renamed.status).toBe(409);
      expect(renamed.body.message).toBe('该平台下有 3 个首页焦点图、1 个视频焦点图，不能修改平台代码');
      expect(renamed.body.data).toMatchObject({
        title: '不能修改平台代码',
        hint: expect.stringContaining('先把它们移到其他平台或删除'),
        inUse: [
          { key: 'focus_home', label: '个首页焦点图', count: 3, capped: false, link: '/operation/focus?platform=appx' },
          { key: 'focus_video', label: '个视频焦点图', count: 1, capped: false, link: '/operation/videofocus?platform=appx' },
        ],
      });
      // Sent back whole, with a new name and the same code (as the 平台 form does): fine.
      const named = await call('PUT', `/api/platform/${app.id}`, { name: '客户端 App', code: 'appx', enabled: true });
      expect(named.status).toBe(200);
      expect(named.body.data).toMatchObject({ name: '客户端 App', code: 'appx' });
      const [row] = await t.db.select().from(platforms).where(eq(platforms.id, app.id));
      expect(row.code).toBe('appx');
      expect(await t.db.select({ n: count() }).from(focusHome).where(eq(focusHome.platform, 'appx'))).toEqual([{ n: 3 }]);
      expect(await t.db.select({ n: count() }).from(focusVideo).where(eq(focusVideo.platform, 'appx'))).toEqual([{ n: 1 }]);
      expect(await logCount()).toBe(logs + 1); // the rename only
    });

    it('once no slot uses it, or for a platform no slot ever used, the code changes', async () => {
      const pc = (await call('POST', '/api/platform', { name: '电脑端', code: 'pcx' })).body.data;
      const moved = (await slot('pcx', '要移走的')).body.data;
      expect((await call('PUT', `/api/platform/${pc.id}`, { code: 'pcy' })).status).toBe(409);
      const other = (await call('POST', '/api/platform', { name: '手机站', code: 'mx' })).body.data;
      expect((await call('PUT', `/api/focus_home/${moved.id}`, { platform: 'mx' })).status).toBe(200);
      const res = await call('PUT', `/api/platform/${pc.id}`, { code: 'pcy' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.code).toBe('pcy');
      // The old code is free, and a new slot can use the new one.
      expect((await slot('pcy', '新代码')).status).toBe(200);
      expect((await slot('pcx', '旧代码')).body.errors).toEqual({ platform: '平台不存在' });
      expect(other.code).toBe('mx');
    });
  });

  describe('item 4: ads and list parameters', () => {
    const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
    const ad = {
      name: '首页通栏',
      position: 'home_top',
      image: 'https://cdn.example.com/ad.jpg',
      url: 'https://ad.example.com',
      startAt: '2026-01-01T00:00:00Z',
    };

    it('PUT /api/advertise/edit takes the record as the list gave it, its unchanged state included; a change of state is refused', async () => {
      // A new ad sent with state 0 (下线, what it gets anyway) is added.
      const added = await call('PUT', '/api/advertise/edit', { ...ad, state: 0 });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const id = added.body.data.id as number;
      for (const state of [0, 1]) {
        if (state === 1) expect((await call('PUT', '/api/advertise/state/edit', { id, state: 1 })).status).toBe(200);
        const listed = (await call('GET', '/api/advertise/list?pageSize=100')).body.data.list.find((a: { id: number }) => a.id === id);
        expect(listed.state).toBe(state);
        const saved = await call('PUT', '/api/advertise/edit', { ...listed, name: `改名${state}` });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data).toMatchObject({ id, name: `改名${state}`, state });
      }
      // A change of state, on edit or create, is still refused and changes nothing.
      const flip = await call('PUT', '/api/advertise/edit', { id, name: '顺便下线', state: 0 });
      expect(flip.status).toBe(400);
      expect(flip.body.errors.state).toBe('广告的上线、下线请用列表中的「上线」开关切换');
      expect((await call('PUT', '/api/advertise/edit', { id, state: '1' })).status).toBe(400);
      expect((await call('PUT', '/api/advertise/edit', { ...ad, name: '抢先上线', state: 1 })).body.errors.state).toContain('新广告先以「下线」保存');
      const rows = await t.db.select({ name: advertise.name, state: advertise.state }).from(advertise);
      expect(rows).toEqual([{ name: '改名1', state: 1 }]);
    });

    it('every list that declares sort values answers 400 for another sort or order; unknown parameters stay ignored', async () => {
      const doc = (await call('GET', '/api/openapi.json')).body;
      const sorted = Object.entries(doc.paths as Record<string, { get?: { parameters?: Array<{ name: string; schema: { enum?: string[] } }> } }>)
        .filter(([path, ops]) => !path.includes('{') && ops.get?.parameters?.some((p) => p.name === 'sort' && p.schema.enum?.length))
        .map(([path]) => path);
      expect(sorted).toEqual(expect.arrayContaining(['/api/brands', '/api/articles', '/api/statistics/list', '/api/platform']));
      for (const path of sorted) {
        const bad = await call('GET', `${path}?sort=AAA`);
        expect(bad.status, path).toBe(400);
        expect(bad.body.errors, path).toHaveProperty('sort');
        const order = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'order');
        if (order) expect((await call('GET', `${path}?order=sideways`)).status, `${path} order`).toBe(400);
        const sort = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'sort').schema.enum[0];
        const good = await call('GET', `${path}?sort=${sort}&order=descend&x-schemathesis-unknown-property=42`);
        expect(good.status, `${path} ${JSON.stringify(good.body)}`).toBe(200);
      }
      expect((await call('GET', '/api/brands?sort=AAA')).body.errors).toEqual({ sort: expect.stringContaining('排序字段只能是') });
      // A list without sort columns ignores `sort` as it ignores everything it does not know.
      expect((await call('GET', '/api/advertise/list?sort=AAA&x-schemathesis-unknown-property=42')).status).toBe(200);
    });
  });
});
