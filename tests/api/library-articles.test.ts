import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { articles, mediaUsage, picStores, videoStores } from '@/server/db/schema';
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
    const [row] = await t.db
      .insert(picStores)
      .values({ title, storage: 'local', key, url: `/uploads/${key}`, mime: 'image/jpeg', size: 1, uploaderId })
      .returning();
    return row;
  };
  const libraryVideo = async (title: string, uploaderId: number) => {
    const key = `video/2026/11/${(++seq).toString(16).padStart(24, '0')}.mp4`;
    const [row] = await t.db
      .insert(videoStores)
      .values({
        title,
        storage: 'local',
        key,
        url: `/uploads/${key}`,
        mime: 'video/mp4',
        size: 1,
        uploaderId,
        cover: '/uploads/poster/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg',
      })
      .returning();
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
    editor = await createStaff(t, admin, {
      username: 'lib_editor',
      routes: ['/article/addArticle', '/article/list', '/photo', '/video'],
      level: 1,
      departmentId: dept,
    });
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
      const short = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '短视频草稿：召回现场', videoStoreId: v.id } })).body.data
        .id as number;

      const usage = async (cookie: string, k: 'pic' | 'video', id: number) => {
        const res = await t.call('GET', `/api/${k === 'pic' ? 'pic_stores' : 'video_stores'}/${id}/usage`, { cookie });
        expect(res.status).toBe(200);
        return Object.fromEntries(
          res.body.data.map((u: { ownerType: string; ownerId: number; ownerTitle: string }) => [`${u.ownerType}:${u.ownerId}`, u.ownerTitle]),
        );
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

  describe('what an article uses follows its saves (media_usage, issue 17)', () => {
    it('a save that changes no picture keeps the rows; a new title shows in the usage list; a picture taken out is free to delete', async () => {
      const cover = await pic('换下来的封面', editor.userId);
      const kept = await pic('留下的配图', editor.userId);
      const clip = await libraryVideo('留下的视频', editor.userId);
      const a = await article({ title: '初稿标题', cover: cover.url, content: `<p>正文</p>${gallery([kept.id])}${videoBlock(clip.id)}` }, editor.cookie);
      const rows = () =>
        t.db
          .select({ id: mediaUsage.id, kind: mediaUsage.mediaKind, mediaId: mediaUsage.mediaId, title: mediaUsage.ownerTitle })
          .from(mediaUsage)
          .where(and(eq(mediaUsage.ownerType, 'article'), eq(mediaUsage.ownerId, a.id)))
          .orderBy(asc(mediaUsage.id));
      const first = await rows();
      expect(first.map((r) => `${r.kind}:${r.mediaId}`).sort()).toEqual([`pic:${cover.id}`, `pic:${kept.id}`, `video:${clip.id}`].sort());

      // A typo fixed in the body: the same rows, not deleted and written again.
      const save = async (version: number, body: Record<string, unknown>) => {
        const res = await t.call('PUT', `/api/articles/${a.id}`, { cookie: editor.cookie, body: { version, ...body } });
        expect(res.status).toBe(200);
        return res.body.data.version as number;
      };
      let version = await save(a.version, { content: `<p>正文，改了一个字</p>${gallery([kept.id])}${videoBlock(clip.id)}` });
      expect(await rows()).toEqual(first);

      // Retitled: the library's "used by" names the article by its new title.
      version = await save(version, { title: '改过的标题' });
      const usage = await t.call('GET', `/api/pic_stores/${kept.id}/usage`, { cookie: editor.cookie });
      expect(usage.body.data).toEqual([expect.objectContaining({ ownerType: 'article', ownerId: a.id, ownerTitle: '改过的标题' })]);
      expect((await rows()).map((r) => r.id)).toEqual(first.map((r) => r.id));

      // The cover taken out: that picture is free (it deletes); the others stay in use.
      await save(version, { cover: '' });
      expect((await rows()).map((r) => `${r.kind}:${r.mediaId}`).sort()).toEqual([`pic:${kept.id}`, `video:${clip.id}`].sort());
      expect((await t.call('DELETE', `/api/pic_stores/${cover.id}`, { cookie: editor.cookie })).status).toBe(200);
      expect((await t.call('DELETE', `/api/pic_stores/${kept.id}`, { cookie: editor.cookie })).status).toBe(409);
    });
  });

  describe('F8: what published articles show changes only through review', () => {
    it('an editor without 内容审核 may not retitle a picture or re-cover a video that live items use; tags still change; drafts do not hold it', async () => {
      const shown = await pic('原图说明', editor.userId);
      const clip = await libraryVideo('原视频标题', editor.userId);
      const live = await article({ title: '主编已审发布的图集文', content: `<p>正文</p>${gallery([shown.id])}${videoBlock(clip.id)}` });
      expect((await t.call('PUT', `/api/articles/publish/${live.id}`, { cookie: admin, body: {} })).body.data.status).toBe(3);

      const retitle = await t.call('PUT', `/api/pic_stores/${shown.id}`, { cookie: editor.cookie, body: { title: '未经审核的说明：加微信 xyz 领补贴' } });
      expect(retitle.status).toBe(409);
      expect(retitle.body.message).toMatch(/1 篇已发布或定时发布的文章/);
      expect(retitle.body.message).toContain('内容审核');
      const recover = await t.call('PUT', `/api/video_stores/${clip.id}`, {
        cookie: editor.cookie,
        body: { cover: '/uploads/pic/2026/11/ffffffffffffffffffffffff.jpg' },
      });
      expect(recover.status).toBe(409);
      const [p] = await t.db.select().from(picStores).where(eq(picStores.id, shown.id));
      const [v] = await t.db.select().from(videoStores).where(eq(videoStores.id, clip.id));
      expect([p.title, v.cover]).toEqual(['原图说明', '/uploads/poster/2026/11/aaaaaaaaaaaaaaaaaaaaaaaa.jpg']);
      // What readers do not see still changes: the tags, and the same title sent back.
      const tag = (await t.call('POST', '/api/pic_store_tags', { cookie: admin, body: { name: '召回' } })).body.data.id as number;
      expect((await t.call('PUT', `/api/pic_stores/${shown.id}`, { cookie: editor.cookie, body: { title: '原图说明', tagIds: [tag] } })).status).toBe(200);

      // A reviewer may change it (the approval is theirs), through the content check.
      await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['领补贴'] } });
      const blocked = await t.call('PUT', `/api/pic_stores/${shown.id}`, { cookie: admin, body: { title: '加微信领补贴' } });
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toContain('领补贴');
      expect((await t.call('PUT', `/api/pic_stores/${shown.id}`, { cookie: admin, body: { title: '主编改过的说明' } })).status).toBe(200);

      // Taken offline, the article no longer holds it.
      await t.call('PUT', `/api/articles/offline/${live.id}`, { cookie: admin, body: {} });
      expect((await t.call('PUT', `/api/pic_stores/${shown.id}`, { cookie: editor.cookie, body: { title: '下线后可改' } })).status).toBe(200);

      // A draft's use never holds it.
      const free = await pic('草稿用图', editor.userId);
      await article({ title: '草稿', content: gallery([free.id]) }, editor.cookie);
      expect((await t.call('PUT', `/api/pic_stores/${free.id}`, { cookie: editor.cookie, body: { title: '草稿用图（改）' } })).status).toBe(200);
    });

    it('a scheduled article and a published short video hold their library items too', async () => {
      const clip = await libraryVideo('定时视频', editor.userId);
      const soon = await article({ title: '定时发布的文章', content: videoBlock(clip.id) });
      const scheduled = await t.call('PUT', `/api/articles/schedule/${soon.id}`, {
        cookie: admin,
        body: { publishAt: new Date(Date.now() + 3_600_000).toISOString() },
      });
      expect(scheduled.body.data.status).toBe(5);
      const short = (await t.call('POST', '/api/videos', { cookie: admin, body: { title: '已发布短视频', videoStoreId: clip.id } })).body.data;
      expect((await t.call('PUT', `/api/videos/publish/${short.id}`, { cookie: admin, body: { version: short.version } })).body.data.status).toBe(3);
      const refused = await t.call('PUT', `/api/video_stores/${clip.id}`, { cookie: editor.cookie, body: { title: '改名' } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/1 篇已发布或定时发布的文章、1 条已发布或定时发布的短视频/);
    });
  });

  it('F8: the content check reads the library titles an article shows; a hit blocks publishing it', async () => {
    await t.call('POST', '/api/sensitive_words', { cookie: admin, body: { words: ['刷单返现'] } });
    const bad = await pic('刷单返现群', editor.userId);
    const clip = await libraryVideo('正常视频', editor.userId);
    const draft = await t.call('POST', '/api/articles', {
      cookie: editor.cookie,
      body: { title: '看似正常的文章', content: `<p>正文</p>${gallery([bad.id])}${videoBlock(clip.id)}` },
    });
    expect(draft.body.data.checkResult.hits).toEqual(['刷单返现']);
    const publish = await t.call('PUT', `/api/articles/publish/${draft.body.data.id}`, { cookie: admin, body: {} });
    expect(publish.status).toBe(409);
    expect(publish.body.message).toContain('刷单返现');
  });

  describe('F9: bounded bodies, and library items resolved in one call', () => {
    it('a body over the block caps is refused with a field error on 正文, and nothing changes', async () => {
      const before = (await t.db.select({ n: count() }).from(articles))[0].n;
      const tooMany = await t.call('POST', '/api/articles', { cookie: editor.cookie, body: { title: '51 个块', content: videoBlock(1).repeat(51) } });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors.content).toMatch(/最多 50 个/);
      const bigGallery = await t.call('POST', '/api/articles', {
        cookie: editor.cookie,
        body: { title: '201 张的图集', content: gallery(Array.from({ length: 201 }, (_, i) => i + 1)) },
      });
      expect(bigGallery.status).toBe(400);
      expect(bigGallery.body.errors.content).toMatch(/200 张/);
      const ids = Array.from({ length: 200 }, (_, i) => i + 1);
      const tooManyPictures = await t.call('POST', '/api/articles', {
        cookie: editor.cookie,
        body: { title: '601 张', content: gallery(ids).repeat(3) + gallery([1]) },
      });
      expect(tooManyPictures.status).toBe(400);
      expect(tooManyPictures.body.errors.content).toMatch(/500 张/);
      expect((await t.db.select({ n: count() }).from(articles))[0].n).toBe(before);

      // At the caps it saves; an update over them is refused and the article stays as it was.
      const fine = await article(
        { title: '恰好 50 个块', content: gallery(ids) + gallery(ids) + gallery(ids.slice(0, 100)) + videoBlock(1).repeat(47) },
        editor.cookie,
      );
      const over = await t.call('PUT', `/api/articles/${fine.id}`, {
        cookie: editor.cookie,
        body: { version: fine.version, content: videoBlock(1).repeat(60) },
      });
      expect(over.status).toBe(400);
      expect(over.body.errors.content).toMatch(/最多 50 个/);
      const [row] = await t.db.select().from(articles).where(eq(articles.id, fine.id));
      expect(row.version).toBe(fine.version);
      expect(row.content.match(/cms-video/g)).toHaveLength(47);
    });

    it('by_ids answers the named items of a library in one call, to anyone who may read the library; bad or too many ids are 400', async () => {
      const a = await pic('批量甲', ops.userId);
      const b = await pic('批量乙', ops.userId);
      const v = await libraryVideo('批量视频', ops.userId);
      const res = await t.call('GET', `/api/pic_stores/by_ids?ids=${b.id},${a.id},${b.id},999999`, { cookie: reader.cookie });
      expect(res.status).toBe(200);
      expect(res.body.data.list.map((x: { id: number; title: string }) => [x.id, x.title]).sort()).toEqual(
        [
          [a.id, '批量甲'],
          [b.id, '批量乙'],
        ].sort(),
      );
      const videos = await t.call('GET', `/api/video_stores/by_ids?ids=${v.id}`, { cookie: ops.cookie });
      expect(videos.body.data.list).toEqual([expect.objectContaining({ id: v.id, title: '批量视频', cover: v.cover, playUrl: v.url })]);
      expect((await t.call('GET', `/api/pic_stores/by_ids?ids=${a.id}`)).status).toBe(401);
      for (const bad of ['', 'abc', '1,,2', '-1', '0', '1;2', '99999999999', Array.from({ length: 501 }, (_, i) => i + 1).join(',')]) {
        const r = await t.call('GET', `/api/pic_stores/by_ids?ids=${encodeURIComponent(bad)}`, { cookie: ops.cookie });
        expect(r.status, bad.slice(0, 20)).toBe(400);
        expect(r.body.errors.ids).toBeTruthy();
      }
      expect((await t.call('GET', `/api/pic_stores/by_ids?ids=${Array.from({ length: 500 }, (_, i) => i + 1).join(',')}`, { cookie: ops.cookie })).status).toBe(
        200,
      );
    });
  });
});
