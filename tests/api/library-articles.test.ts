import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { articles, picStores, videoStores } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 14, "library and articles" (security review F5, F8, F9): who reads the titles of drafts
 * through albums and the libraries' usage lists; library edits that would change live articles
 * without review; the block caps of a body and resolving a preview's library ids in one call.
 * docs/decisions.md "Issue 14: library and articles".
 */
describe.each(DB_KINDS)('library and articles on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let dept: number;
  /** 编辑 (level 1): writes articles, reads the list, manages both libraries. */
  let editor: { cookie: string; userId: number };
  /** 运营 (level 1): albums and both libraries, no article or short-video route. */
  let ops: { cookie: string; userId: number };
  /** Reads the article list but no short-video route. */
  let reader: { cookie: string; userId: number };
  /** Reads the short-video list but no article route. */
  let videoReader: { cookie: string; userId: number };
  let seq = 0;

  const pic = async (title: string, uploaderId: number) => {
    const key = `pic/2026/11/${(++seq).toString(16).padStart(24, '0')}.jpg`;
    const [row] = await t.db.insert(picStores).values({ title, storage: 'local', key, url: `/uploads/${key}`, mime: 'image/jpeg', size: 1, uploaderId }).returning();
    return row;
  };
  const libraryVideo = async (title: string, uploaderId: number) => {
    const key = `video/2026/11/${(++seq).toString(16).padStart(24, '0')}.mp4`;
    const [row] = await t.db.insert(videoStores).values({ title, storage: 'local', key, url: `/uploads/${key}`, mime: 'video/mp4', size: 1, uploaderId, cover: '/uploads/poster/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg' }).returning();
    return row;
  };
  const article = async (body: Record<string, unknown>, cookie = admin) => {
    const res = await t.call('POST', '/api/articles', { cookie, body: { kind: 'article', ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: number; version: number };
  };
  const gallery = (ids: number[]) => `<div class="cms-gallery" data-pic-ids="${ids.join(',')}"></div>`;
  const videoBlock = (id: number) => `<div class="cms-video" data-video-id="${id}"></div>`;

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    dept = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻组' } })).body.data.id;
    editor = await createStaff(t, admin, { username: 'lib_editor', routes: ['/article/addArticle', '/article/list', '/photo', '/video'], level: 1, departmentId: dept });
    ops = await createStaff(t, admin, { username: 'lib_ops', routes: ['/store', '/photo', '/video', '/operation/focus'], level: 1, departmentId: dept });
    reader = await createStaff(t, admin, { username: 'lib_reader', routes: ['/article/list', '/photo'], level: 1, departmentId: dept });
    videoReader = await createStaff(t, admin, { username: 'lib_vreader', routes: ['/article/videoList', '/video'], level: 1, departmentId: dept });
  });
  afterAll(async () => t?.close());

  describe('F5: draft titles only for people who may read articles', () => {
    it("an album's article list needs an article read route; 运营 gets 403, an editor sees the draft", async () => {
      const album = (await t.call('POST', '/api/articles_album', { cookie: admin, body: { name: '召回专辑' } })).body.data.id as number;
      await article({ title: '内部草稿：某品牌召回内幕', albumId: album }, editor.cookie);
      const asOps = await t.call('GET', `/api/articles_album/${album}/articles`, { cookie: ops.cookie });
      expect(asOps.status).toBe(403);
      expect(JSON.stringify(asOps.body)).not.toContain('召回内幕');
      const asEditor = await t.call('GET', `/api/articles_album/${album}/articles`, { cookie: editor.cookie });
      expect(asEditor.status).toBe(200);
      expect(asEditor.body.data.list.map((a: { title: string }) => a.title)).toEqual(['内部草稿：某品牌召回内幕']);
      // 专辑管理 still lists the album and how many articles it holds.
      expect((await t.call('GET', '/api/articles_album', { cookie: ops.cookie })).status).toBe(200);
    });

    it('usage lists and the delete refusal name articles only to article readers and short videos only to video readers', async () => {
      const p = await pic('召回配图', ops.userId);
      const v = await libraryVideo('召回视频', ops.userId);
      const a = await article({ title: '草稿：召回名单', cover: p.url, content: `<p>正文</p>${videoBlock(v.id)}` }, editor.cookie);
      const short = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '短视频草稿：召回现场', videoStoreId: v.id } })).body.data.id as number;

      const usage = async (cookie: string, k: 'pic' | 'video', id: number) => {
        const res = await t.call('GET', `/api/${k === 'pic' ? 'pic_stores' : 'video_stores'}/${id}/usage`, { cookie });
        expect(res.status).toBe(200);
        return Object.fromEntries(res.body.data.map((u: { ownerType: string; ownerId: number; ownerTitle: string }) => [`${u.ownerType}:${u.ownerId}`, u.ownerTitle]));
      };
      // 运营: the ids (it is in use) but no title.
      expect(await usage(ops.cookie, 'pic', p.id)).toEqual({ [`article:${a.id}`]: '' });
      expect(await usage(ops.cookie, 'video', v.id)).toEqual({ [`article:${a.id}`]: '', [`video:${short}`]: '' });
      // The article list's reader: the article, not the short video; the video list's reader the other way round.
      expect(await usage(reader.cookie, 'video', v.id)).toEqual({ [`article:${a.id}`]: '草稿：召回名单', [`video:${short}`]: '' });
      expect(await usage(videoReader.cookie, 'video', v.id)).toEqual({ [`article:${a.id}`]: '', [`video:${short}`]: '短视频草稿：召回现场' });
      expect(await usage(editor.cookie, 'pic', p.id)).toEqual({ [`article:${a.id}`]: '草稿：召回名单' });

      // The delete refusal says it is in use, without the titles the person may not read.
      const refused = await t.call('DELETE', `/api/video_stores/${v.id}`, { cookie: ops.cookie });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('使用中');
      expect(refused.body.message).not.toContain('召回名单');
      expect(refused.body.message).not.toContain('召回现场');
    });
  });
});
