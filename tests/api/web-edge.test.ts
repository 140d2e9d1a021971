import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articles, picStores } from '@/server/db/schema';
import { createProductHost } from '@/server/hosts/product';
import { createTopicHost } from '@/server/hosts/topic';
import { dingtalkCallbackFromEnv } from '@/server/dingtalk/client';
import { serveUpload } from '@/server/storage/serve';
import { createStaff, DB_KINDS, setupTestApp, testPeer, type TestContext } from './helpers';

/** Issue 14, "origins and the web edge": F2, I1, I6, I7 of the security-content review. */
describe.each(DB_KINDS)('origins and the web edge (issue 14) on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('F2: nothing stored points a picture at our API', () => {
    const SELF = ['https://cms.example.com/api/logout', 'https://cms.example.com/./api/../api/x', 'http://localhost/api/articles/export.csv?status=3'];

    it('an article refuses such a cover and gallery picture, and its body keeps no such <img>', async () => {
      for (const url of SELF) {
        const cover = await t.call('POST', '/api/articles', { cookie: admin, body: { title: '新车谍照', cover: url } });
        expect(cover.status, url).toBe(400);
        expect(cover.body.errors.cover).toContain('不能是接口地址');
        const gallery = await t.call('POST', '/api/articles', { cookie: admin, body: { kind: 'gallery', title: '图集', images: [{ url }] } });
        expect(gallery.status, url).toBe(400);
      }
      const saved = await t.call('POST', '/api/articles', {
        cookie: admin,
        body: { title: '正文图片', content: `<p>看图<img src="${SELF[2]}"><img src="https://cdn.example.com/ok.jpg"></p>` },
      });
      expect(saved.status).toBe(200);
      const [row] = await t.db.select({ content: articles.content }).from(articles).where(eq(articles.id, saved.body.data.id));
      expect(row.content).toBe('<p>看图<img src="https://cdn.example.com/ok.jpg" /></p>');
    });

    it('a focus slot, an avatar and a topic refuse it too', async () => {
      for (const url of SELF) {
        expect(
          (await t.call('POST', '/api/focus_home', { cookie: admin, body: { title: '头条', image: url, platform: 'app' } })).body.errors?.image,
          url,
        ).toContain('不能是接口地址');
        expect((await t.call('PUT', '/api/profile', { cookie: admin, body: { name: '管理员', avatar: url } })).status, url).toBe(400);
        expect((await t.call('POST', '/api/topic', { cookie: admin, body: { title: '专题', cover: url } })).body.errors?.cover, url).toContain(
          '不能是接口地址',
        );
      }
    });

    it('GET /api/logout as a picture, a frame or a fetch keeps the session; as a page it signs out', async () => {
      const cookie = await t.login();
      const asPicture = await t.call('GET', '/api/logout', {
        cookie,
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      });
      expect(asPicture.status).toBe(403);
      expect(asPicture.headers.getSetCookie()).toEqual([]);
      for (const headers of <Array<Record<string, string>>>[
        { 'sec-fetch-dest': 'image' },
        { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
        { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
      ]) {
        expect((await t.call('GET', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'same-origin', ...headers } })).status, JSON.stringify(headers)).toBe(
          403,
        );
      }
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(200);
      const asPage = await t.call('GET', '/api/logout', {
        cookie,
        headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      });
      expect(asPage.status).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie })).status).toBe(401);
      // The app's own 退出登录 posts, as before.
      const other = await t.login();
      expect(
        (
          await t.call('POST', '/api/logout', {
            cookie: other,
            headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
          })
        ).status,
      ).toBe(200);
      expect((await t.call('GET', '/api/login_info', { cookie: other })).status).toBe(401);
    });
  });

  describe('I1: a malformed percent escape is a 4xx, never a 500', () => {
    it('in the API, the product and topic hosts and /uploads', async () => {
      for (const path of ['/api/x%E0%A4%A', '/api/articles/%E0%A4%A', '/api/%E0%A4%A/x']) {
        const res = await t.call('GET', path, { cookie: admin });
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
      const getDb = async () => t.db;
      for (const host of [createProductHost({ getDb, peer: testPeer }), createTopicHost({ getDb, peer: testPeer })]) {
        const res = await host.request('http://localhost/topic-api/%E0%A4%A', { headers: { 'x-test-peer': '10.0.0.1', cookie: admin } });
        expect(res.status).toBeLessThan(500);
      }
      const served = await serveUpload(new Request('http://localhost/uploads/%E0%A4%A'), t.uploadsDir, t.db);
      expect(served.status).toBe(404);
    });
  });

  describe('I6: who uploaded and who is on staff is not every account’s business', () => {
    it('the uploader list answers only people who work with that library', async () => {
      const uploader = await createStaff(t, admin, { username: 'pic_uploader', routes: ['/photo'], level: 3 });
      await t.db.insert(picStores).values({
        title: '图',
        storage: 'local',
        key: 'pic/2026/11/i6.jpg',
        url: '/uploads/pic/2026/11/i6.jpg',
        mime: 'image/jpeg',
        size: 10,
        width: 1,
        height: 1,
        uploaderId: uploader.userId,
      });
      const outsider = await createStaff(t, admin, { username: 'stats_only', routes: ['/home'], level: 3 });
      expect((await t.call('GET', '/api/pic_stores/uploaders', { cookie: outsider.cookie })).status).toBe(403);
      expect((await t.call('GET', '/api/video_stores/uploaders', { cookie: outsider.cookie })).status).toBe(403);
      // An editor picks pictures in 写文章 (the picker has the 上传者 filter); the library screen too.
      const editor = await createStaff(t, admin, { username: 'writer_i6', routes: ['/article/addArticle'], level: 3 });
      for (const cookie of [editor.cookie, uploader.cookie]) {
        const res = await t.call('GET', '/api/pic_stores/uploaders', { cookie });
        expect(res.status).toBe(200);
        expect(res.body.data.list.map((u: { id: number }) => u.id)).toEqual([uploader.userId]);
      }
    });

    it('首页 lists departments to filter by, not the staff: the editor list is for 数据统计', async () => {
      await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻组' } });
      const home = await createStaff(t, admin, { username: 'home_only', routes: ['/home'], level: 1 });
      const res = await t.call('GET', '/api/statistics/options', { cookie: home.cookie });
      expect(res.status).toBe(200);
      expect(res.body.data.editors).toEqual([]);
      expect(res.body.data.departments.length).toBeGreaterThan(0);
      const stats = await createStaff(t, admin, { username: 'stats_i6', routes: ['/operation/stats'], level: 1 });
      const full = await t.call('GET', '/api/statistics/options', { cookie: stats.cookie });
      expect(full.body.data.editors.map((u: { username: string }) => u.username)).toContain('home_only');
    });
  });

  describe('I7: the DingTalk callback never comes from the request', () => {
    it('is DINGTALK_REDIRECT_URI, else made from CMS_PUBLIC_ORIGIN, else none', () => {
      expect(dingtalkCallbackFromEnv(' https://sso.example.com/cb ', 'https://cms.example.com')).toBe('https://sso.example.com/cb');
      expect(dingtalkCallbackFromEnv(undefined, 'https://cms.example.com/')).toBe('https://cms.example.com/api/dingtalk/callback');
      expect(dingtalkCallbackFromEnv('', 'http://127.0.0.1:3140')).toBe('http://127.0.0.1:3140/api/dingtalk/callback');
      expect(dingtalkCallbackFromEnv(undefined, '')).toBeUndefined();
      expect(dingtalkCallbackFromEnv(undefined, 'cms.example.com')).toBeUndefined();
    });

    it('without a configured callback no flow starts, whatever Host the request names', async () => {
      const other = await setupTestApp(kind, { dingtalk: { clientId: 'dingapp-key', clientSecret: 'dingapp-secret-2026' } });
      try {
        const cookie = await other.login();
        const res = await other.call('POST', '/api/dingtalk/bind_start', { cookie, headers: { host: 'evil.example' } });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('钉钉登录的回调地址未配置（需要 CMS_PUBLIC_ORIGIN 或 DINGTALK_REDIRECT_URI），请联系管理员');
      } finally {
        await other.close();
      }
    });
  });
});
