import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import sharp from 'sharp';
import { articles, contentEvents, picStores, sessions, users, videoStores } from '@/server/db/schema';
import { defaultKinds } from '@/server/storage/config';
import { DINGTALK_ME, DINGTALK_TOKEN } from '@/server/dingtalk/client';
import { DINGTALK_PENDING_COOKIE } from '@/server/routes/dingtalk';
import { cookieHeader, createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Holes found in the security review of the content routes (articles, revisions, locks, media,
 * operations, statistics, DingTalk), each kept shut by a test that failed before its fix.
 * docs/decisions.md "Security review of the content routes".
 */

const DINGTALK = { clientId: 'dingapp-key', clientSecret: 'dingapp-secret-2026', redirectUri: 'http://localhost/api/dingtalk/callback' };
const dingtalkPeople: Record<string, { unionId: string; nick: string }> = {
  'code-attacker': { unionId: 'union-attacker', nick: '张三' },
  'code-attacker-2': { unionId: 'union-attacker-2', nick: '管理员' },
};
/** The picture check service: every picture address it was asked to fetch. */
const checkedImages: string[] = [];
const dingtalk = setupServer(
  http.get('http://check.example.test/check', ({ request }) => {
    checkedImages.push(new URL(request.url).searchParams.get('image') ?? '');
    return HttpResponse.json({ result: 'pass' });
  }),
  http.post(DINGTALK_TOKEN, async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    return dingtalkPeople[code] ? HttpResponse.json({ accessToken: `at-${code}` }) : HttpResponse.json({ message: '不合法的临时授权码' }, { status: 400 });
  }),
  http.get(DINGTALK_ME, ({ request }) => {
    const person = dingtalkPeople[request.headers.get('x-acs-dingtalk-access-token')?.replace(/^at-/, '') ?? ''];
    return person ? HttpResponse.json({ ...person, avatarUrl: '' }) : HttpResponse.json({ message: 'bad token' }, { status: 401 });
  }),
);

const setCookieNamed = (headers: Headers, name: string) => headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

describe.each(DB_KINDS)('content routes security review on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let newsroom: number;
  let video: number;

  beforeAll(async () => {
    dingtalk.listen({ onUnhandledRequest: 'bypass' });
    t = await setupTestApp(kind, { dingtalk: DINGTALK });
    admin = await t.login();
    newsroom = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '新闻部' } })).body.data.id;
    video = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '视频部' } })).body.data.id;
  });
  afterAll(async () => {
    dingtalk.close();
    await t?.close();
  });

  it('a DingTalk callback link started in another browser signs nobody in and plants no identity (login CSRF)', async () => {
    // The attacker binds their DingTalk account to their own low account, so the login flow signs it in.
    const attacker = await createStaff(t, admin, { username: 'dd_attacker', routes: [] });
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'dd_attacker'));
    await t.db.update(users).set({ dingtalkUnionId: 'union-attacker', dingtalkNick: '张三' }).where(eq(users.id, row.id));
    expect(attacker.userId).toBe(row.id);

    // The attacker starts a DingTalk sign-in in their own browser and keeps the callback link
    // DingTalk would send them back to, instead of following it.
    const start = await t.call('GET', '/api/dingtalk/login_start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const link = (code: string, s: string) => `/api/dingtalk/callback?authCode=${code}&state=${encodeURIComponent(s)}`;

    // The victim's browser opens the link (an <img>, a redirect, a chat message): no session.
    const victim = await t.call('GET', link('code-attacker', state));
    expect(victim.headers.get('location')).toBe('/login?dingtalk=state');
    expect(setCookieNamed(victim.headers, 'cms_session')).toBeUndefined();
    const before = (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, row.id))).length;

    // Nor an unbound attacker identity waiting for the victim to sign in and "confirm" it.
    const start2 = await t.call('GET', '/api/dingtalk/login_start');
    const state2 = new URL(start2.headers.get('location')!).searchParams.get('state')!;
    const planted = await t.call('GET', link('code-attacker-2', state2));
    expect(planted.headers.get('location')).toBe('/login?dingtalk=state');
    expect(setCookieNamed(planted.headers, DINGTALK_PENDING_COOKIE)).toBeUndefined();

    // In the browser that started it, the flow still works.
    const own = await t.call('GET', '/api/dingtalk/login_start');
    const ownState = new URL(own.headers.get('location')!).searchParams.get('state')!;
    const done = await t.call('GET', link('code-attacker', ownState), { cookie: cookieHeader(own.headers) });
    expect(done.headers.get('location')).toBe('/');
    expect(setCookieNamed(done.headers, 'cms_session')).toBeDefined();
    expect((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, row.id))).length).toBe(before + 1);
  });

  it('restoring a revision validates the fields like a save (an unsaved copy sent with the lock is not trusted)', async () => {
    const editor = await createStaff(t, admin, { username: 'rev_editor', routes: ['/article/list', '/article/addArticle'], level: 2, departmentId: newsroom });
    const a = (
      await t.call('POST', '/api/articles', { cookie: editor.cookie, body: { title: '重卡销量', cover: '/uploads/pic/2026/11/a.jpg', content: '<p>正文</p>' } })
    ).body.data;
    const lock = await t.call('POST', `/api/articles/${a.id}/lock`, { cookie: editor.cookie, body: {} });
    expect(lock.status).toBe(200);
    const token = lock.body.data.token;
    // The heartbeat's copy is checked for shape and size only (as typed, like the autosave's; issue
    // 14): here fields of the right shape that no save would accept.
    const draft = {
      baseVersion: 1,
      fields: {
        cover: 'javascript:alert(document.cookie)',
        images: [{ picId: null, url: 'data:text/html,<script>alert(1)</script>', caption: '' }],
        title: '',
      },
    };
    expect((await t.call('PUT', `/api/articles/${a.id}/lock`, { cookie: editor.cookie, body: { token, draft } })).status).toBe(200);
    const released = await t.call('DELETE', `/api/articles/${a.id}/lock?token=${token}`, { cookie: editor.cookie });
    const rid = released.body.data.savedRevisionId;
    expect(rid).toBeGreaterThan(0);

    const restored = await t.call('POST', `/api/articles/${a.id}/revisions/${rid}/restore`, { cookie: editor.cookie, body: { version: 1 } });
    expect(restored.status).toBe(400);
    expect(Object.keys(restored.body.errors ?? {})).toEqual(expect.arrayContaining(['cover', 'title']));
    const [stored] = await t.db
      .select({ cover: articles.cover, title: articles.title, images: articles.images, version: articles.version })
      .from(articles)
      .where(eq(articles.id, a.id));
    expect(stored).toEqual({ cover: '/uploads/pic/2026/11/a.jpg', title: '重卡销量', images: [], version: 1 });
    // Restoring only a field that is fine still works.
    const titleOnly = await t.call('POST', `/api/articles/${a.id}/revisions/${rid}/restore`, {
      cookie: editor.cookie,
      body: { version: 1, fields: ['subtitle'] },
    });
    expect(titleOnly.status).toBe(200);
  });

  it('the list’s lock lookup names no one editing an article outside the asker’s data scope', async () => {
    const owner = await createStaff(t, admin, { username: 'lock_owner', routes: ['/article/list', '/article/addArticle'], level: 3, departmentId: newsroom });
    const outsider = await createStaff(t, admin, {
      username: 'lock_outsider',
      routes: ['/article/list', '/article/addArticle'],
      level: 2,
      departmentId: video,
    });
    const a = (await t.call('POST', '/api/articles', { cookie: owner.cookie, body: { title: '独家：新车型谍照', content: '<p>保密</p>' } })).body.data;
    expect((await t.call('POST', `/api/articles/${a.id}/lock`, { cookie: owner.cookie, body: {} })).status).toBe(200);
    // The article itself is out of the outsider's reach...
    expect((await t.call('GET', `/api/articles/${a.id}`, { cookie: outsider.cookie })).status).toBe(404);
    // ...and so is who is editing it, and when.
    const peek = await t.call('GET', `/api/articles/locks?ids=${a.id}`, { cookie: outsider.cookie });
    expect(peek.status).toBe(200);
    expect(peek.body.data.list).toEqual([]);
    // Someone whose scope covers it still sees the holder.
    const mine = await t.call('GET', `/api/articles/locks?ids=${a.id}`, { cookie: admin });
    expect(mine.body.data.list).toEqual([expect.objectContaining({ id: a.id, userId: owner.userId, name: '员工lock_owner' })]);
  });

  it('the picture check never fetches a local picture from the host a request names (only CMS_PUBLIC_ORIGIN)', async () => {
    // IMAGE_CHECK_URL set, CMS_PUBLIC_ORIGIN forgotten: the request's own origin was used instead.
    const checked = await setupTestApp(kind, {
      storage: { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60, imageCheckUrl: 'http://check.example.test/check' },
    });
    try {
      const cookie = await checked.login();
      const file = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
        .png()
        .toBuffer();
      // A script (no Origin, no Sec-Fetch-Site) names its own server as the Host of every call.
      const send = (path: string, init: { method: string; body: string | Buffer; type: string }) =>
        checked.app.request(`http://attacker.example.test${path}`, {
          method: init.method,
          headers: { cookie, 'content-type': init.type, 'x-test-peer': '10.0.0.1' },
          body: init.body as BodyInit,
        });
      const tk = (
        await (
          await send('/api/upload_token', {
            method: 'POST',
            type: 'application/json',
            body: JSON.stringify({ kind: 'pic', size: file.length, mime: 'image/png' }),
          })
        ).json()
      ).data;
      expect((await send(tk.url, { method: 'PUT', type: 'image/png', body: file })).status).toBe(200);
      const item = (await (await send('/api/pic_stores', { method: 'POST', type: 'application/json', body: JSON.stringify({ key: tk.key }) })).json()).data;
      const again = await (await send(`/api/pic_stores/${item.id}/check`, { method: 'POST', type: 'application/json', body: '{}' })).json();
      await wait(50);
      // The check service was never sent to the attacker's server for the picture (which would pass anything).
      expect(checkedImages.filter((u) => u.includes('attacker.example.test'))).toEqual([]);
      expect(again.data).toEqual({ status: 0, note: '未配置 CMS_PUBLIC_ORIGIN，检测服务无法取到本地图片' });
      const [row] = await checked.db.select({ s: picStores.checkStatus }).from(picStores).where(eq(picStores.id, item.id));
      expect(row.s).toBe(0);
    } finally {
      await checked.close();
    }
  });

  it('what readers see changes only through review: an editor without 内容审核 cannot rewrite a published or scheduled item', async () => {
    const reviewer = await createStaff(t, admin, {
      username: 'live_reviewer',
      routes: ['/article/list', '/article/check', '/article/addArticle', '/article/createVideo'],
      level: 1,
    });
    const editor = await createStaff(t, admin, {
      username: 'live_editor',
      routes: ['/article/list', '/article/addArticle', '/article/createVideo'],
      level: 3,
      departmentId: newsroom,
    });
    const a = (await t.call('POST', '/api/articles', { cookie: editor.cookie, body: { title: '新车上市', content: '<p>审核过的正文</p>' } })).body.data;
    expect((await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: editor.cookie, body: {} })).status).toBe(200);
    expect((await t.call('PUT', `/api/articles_review/${a.id}`, { cookie: reviewer.cookie, body: { action: 'approve' } })).status).toBe(200);
    const live = (await t.call('GET', `/api/articles/${a.id}`, { cookie: editor.cookie })).body.data;
    expect(live.status).toBe(3);

    // The author's save of the live article would go out unreviewed: refused, nothing changes.
    const rewrite = await t.call('PUT', `/api/articles/${a.id}`, { cookie: editor.cookie, body: { version: live.version, content: '<p>未经审核的广告</p>' } });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body.message).toContain('审核');
    const [stored] = await t.db.select({ content: articles.content, version: articles.version }).from(articles).where(eq(articles.id, a.id));
    expect(stored).toEqual({ content: '<p>审核过的正文</p>', version: live.version });
    // Nor through restoring an older revision.
    const [first] = (await t.call('GET', `/api/articles/${a.id}/revisions`, { cookie: editor.cookie })).body.data.list.slice(-1);
    expect(
      (await t.call('POST', `/api/articles/${a.id}/revisions/${first.id}/restore`, { cookie: editor.cookie, body: { version: live.version } })).status,
    ).toBe(409);

    // A scheduled one: approved for later, then rewritten before its time.
    const b = (await t.call('POST', '/api/articles', { cookie: editor.cookie, body: { title: '明日发布', content: '<p>原文</p>' } })).body.data;
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect((await t.call('PUT', `/api/articles/submit/${b.id}`, { cookie: editor.cookie, body: { publishAt: later } })).status).toBe(200);
    expect((await t.call('PUT', `/api/articles_review/${b.id}`, { cookie: reviewer.cookie, body: { action: 'approve' } })).body.data.status).toBe(5);
    const scheduled = (await t.call('GET', `/api/articles/${b.id}`, { cookie: editor.cookie })).body.data;
    expect((await t.call('PUT', `/api/articles/${b.id}`, { cookie: editor.cookie, body: { version: scheduled.version, content: '<p>改过</p>' } })).status).toBe(
      409,
    );

    // Nor by moving it to another category from the list.
    const typeId = (await t.call('POST', '/api/category_types', { cookie: admin, body: { name: '频道' } })).body.data.id;
    const cat = (await t.call('POST', '/api/categories', { cookie: admin, body: { typeId, name: '新闻' } })).body.data;
    const move = await t.call('POST', '/api/articles/batch', { cookie: editor.cookie, body: { action: 'move', ids: [a.id], categoryId: cat.id } });
    expect(move.status).toBe(409);
    expect((await t.db.select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, a.id)))[0].categoryId).toBeNull();

    // Short videos the same.
    const [lib] = await t.db
      .insert(videoStores)
      .values({
        title: '实拍',
        storage: 'local',
        key: 'video/2026/11/live.mp4',
        url: '/uploads/video/2026/11/live.mp4',
        mime: 'video/mp4',
        size: 1000,
        duration: 60,
        cover: '',
      })
      .returning({ id: videoStores.id });
    const v = (await t.call('POST', '/api/videos', { cookie: editor.cookie, body: { title: '短视频', videoStoreId: lib.id, description: '简介' } })).body.data;
    expect((await t.call('PUT', `/api/videos/submit/${v.id}`, { cookie: editor.cookie, body: {} })).status).toBe(200);
    expect(
      (await t.call('PUT', `/api/articles_review/${v.id}`, { cookie: reviewer.cookie, body: { contentType: 'video', action: 'approve' } })).body.data.status,
    ).toBe(3);
    const liveVideo = (await t.call('GET', `/api/videos/${v.id}`, { cookie: editor.cookie })).body.data;
    expect((await t.call('PUT', `/api/videos/${v.id}`, { cookie: editor.cookie, body: { version: liveVideo.version, description: '未经审核' } })).status).toBe(
      409,
    );

    // The reviewer may still correct a live article, and the author may edit it once it is back in their hands.
    expect((await t.call('PUT', `/api/articles/${a.id}`, { cookie: reviewer.cookie, body: { version: live.version, title: '新车上市（更正）' } })).status).toBe(
      200,
    );
    expect((await t.call('PUT', `/api/articles/unschedule/${b.id}`, { cookie: editor.cookie, body: {} })).status).toBe(200);
    const draft = (await t.call('GET', `/api/articles/${b.id}`, { cookie: editor.cookie })).body.data;
    expect((await t.call('PUT', `/api/articles/${b.id}`, { cookie: editor.cookie, body: { version: draft.version, content: '<p>改过</p>' } })).status).toBe(
      200,
    );
  });

  it('a focus slot takes only a published or scheduled article or video (an operator read any draft’s title by id through it)', async () => {
    const writer = await createStaff(t, admin, { username: 'slot_writer', routes: ['/article/list', '/article/addArticle'], level: 3, departmentId: newsroom });
    const operator = await createStaff(t, admin, { username: 'slot_operator', routes: ['/operation/focus'], level: 3, departmentId: video });
    await t.call('POST', '/api/platform', { cookie: admin, body: { name: 'APP', code: 'app' } });
    const secret = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '未公开：并购计划', content: '<p>草稿</p>' } })).body.data;
    const slot = { title: '头条', image: '/uploads/pic/2026/11/cccccccccccccccccccccccc.jpg', platform: 'app', startAt: new Date().toISOString() };
    const made = await t.call('POST', '/api/focus_home', { cookie: operator.cookie, body: { ...slot, articleId: secret.id } });
    expect(made.status).toBe(400);
    expect(made.body.errors).toEqual({ articleId: '只能选择已发布或定时发布的文章' });
    expect(JSON.stringify(made.body)).not.toContain('并购计划');
    // Nor by moving an existing slot onto the draft.
    const published = (await t.call('POST', '/api/articles', { cookie: admin, body: { title: '已发布的头条', content: '<p>正文</p>' } })).body.data;
    expect((await t.call('PUT', `/api/articles/publish/${published.id}`, { cookie: admin, body: {} })).body.data.status).toBe(3);
    const ok = await t.call('POST', '/api/focus_home', { cookie: operator.cookie, body: { ...slot, articleId: published.id } });
    expect(ok.status).toBe(200);
    const moved = await t.call('PUT', `/api/focus_home/${ok.body.data.id}`, { cookie: operator.cookie, body: { articleId: secret.id } });
    expect(moved.status).toBe(400);
    const list = await t.call('GET', '/api/focus_home', { cookie: operator.cookie });
    expect(JSON.stringify(list.body)).not.toContain('并购计划');
  });

  it('a library item’s “used in” list names no article outside the viewer’s data scope', async () => {
    const writer = await createStaff(t, admin, {
      username: 'usage_writer',
      routes: ['/article/list', '/article/addArticle'],
      level: 3,
      departmentId: newsroom,
    });
    const other = await createStaff(t, admin, { username: 'usage_other', routes: ['/photo'], level: 3, departmentId: video });
    const [pic] = await t.db
      .insert(picStores)
      .values({
        title: '共用图片',
        storage: 'local',
        key: 'pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        url: '/uploads/pic/2026/11/eeeeeeeeeeeeeeeeeeeeeeee.jpg',
        mime: 'image/jpeg',
        size: 1,
      })
      .returning();
    const draft = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '内部：裁员名单', cover: pic.url, content: '<p>草稿</p>' } }))
      .body.data;
    const seen = await t.call('GET', `/api/pic_stores/${pic.id}/usage`, { cookie: other.cookie });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual([expect.objectContaining({ ownerType: 'article', ownerId: draft.id, ownerTitle: '' })]);
    // Deleting the picture is refused without naming it either.
    await t.db.update(picStores).set({ uploaderId: other.userId }).where(eq(picStores.id, pic.id));
    const refused = await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: other.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).not.toContain('裁员');
    // Its author (and anyone whose scope covers it) still reads the title.
    const own = await t.call('GET', `/api/pic_stores/${pic.id}/usage`, { cookie: writer.cookie });
    expect(own.body.data[0].ownerTitle).toBe('内部：裁员名单');
  });

  it('two reviewers deciding at once (or a double click on 发布) on the version they read apply one transition; the others are told', async () => {
    const writer = await createStaff(t, admin, { username: 'race_writer', routes: ['/article/list', '/article/addArticle'], level: 3, departmentId: newsroom });
    const one = await createStaff(t, admin, { username: 'race_one', routes: ['/article/check', '/article/list'], level: 1 });
    const two = await createStaff(t, admin, { username: 'race_two', routes: ['/article/check', '/article/list'], level: 1 });
    const a = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '并发审核', content: '<p>正文</p>' } })).body.data;
    const { version } = (await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie, body: {} })).body.data;
    const decisions = await Promise.all([
      t.call('PUT', `/api/articles_review/${a.id}`, { cookie: one.cookie, body: { action: 'approve', version } }),
      t.call('PUT', `/api/articles_review/${a.id}`, { cookie: two.cookie, body: { action: 'reject', comment: '标题不准确', version } }),
      t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: one.cookie, body: { version } }),
      t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: one.cookie, body: { version } }),
    ]);
    expect(decisions.map((d) => d.status).filter((s) => s === 200)).toHaveLength(1);
    expect(decisions.map((d) => d.status).filter((s) => s === 409)).toHaveLength(3);
    const events = await t.db
      .select({ action: contentEvents.action })
      .from(contentEvents)
      .where(and(eq(contentEvents.contentType, 'article'), eq(contentEvents.contentId, a.id)));
    expect(events.map((e) => e.action).sort()).toEqual(['submit', decisions.find((d) => d.status === 200)!.body.data.action].sort());
  });

  // Needs a second connection to hold the row while the request waits: PostgreSQL only.
  it.skipIf(kind === 'pglite')('发布 chosen for a pending article does not publish it after another reviewer rejected it meanwhile', async () => {
    const writer = await createStaff(t, admin, {
      username: 'stale_writer',
      routes: ['/article/list', '/article/addArticle'],
      level: 3,
      departmentId: newsroom,
    });
    const reviewer = await createStaff(t, admin, { username: 'stale_reviewer', routes: ['/article/check', '/article/list'], level: 1 });
    const a = (await t.call('POST', '/api/articles', { cookie: writer.cookie, body: { title: '被驳回的稿件', content: '<p>正文</p>' } })).body.data;
    expect((await t.call('PUT', `/api/articles/submit/${a.id}`, { cookie: writer.cookie, body: {} })).status).toBe(200);
    let publish!: Promise<{ status: number; body: any }>;
    // Another reviewer's rejection is being written: the row is locked, the article still reads 待审核.
    await t.db.transaction(async (tx) => {
      await tx
        .update(articles)
        .set({ status: 2, reviewComment: '数据有误', version: sql`${articles.version} + 1` })
        .where(eq(articles.id, a.id));
      publish = t.call('PUT', `/api/articles/publish/${a.id}`, { cookie: reviewer.cookie, body: {} });
      await wait(400);
    });
    const res = await publish;
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('已驳回');
    const [row] = await t.db.select({ status: articles.status }).from(articles).where(eq(articles.id, a.id));
    expect(row.status).toBe(2);
  });

  it('a library video’s cover takes only an http(s) picture or our own uploads (a cover of /uploads/../api/logout signed out everyone who opened 视频库)', async () => {
    const uploader = await createStaff(t, admin, { username: 'cover_uploader', routes: ['/video'], level: 3, departmentId: video });
    const [item] = await t.db
      .insert(videoStores)
      .values({
        title: '我的视频',
        storage: 'local',
        key: 'video/2026/11/cover.mp4',
        url: '/uploads/video/2026/11/cover.mp4',
        mime: 'video/mp4',
        size: 1000,
        duration: 10,
        cover: '',
        uploaderId: uploader.userId,
      })
      .returning({ id: videoStores.id });
    for (const cover of [
      '/uploads/../api/logout',
      '/uploads/%2e%2e/api/logout',
      '/uploads/x/../../api/articles/batch',
      'https://cdn.example.com/a.jpg" onerror="x',
    ]) {
      const res = await t.call('PUT', `/api/video_stores/${item.id}`, { cookie: uploader.cookie, body: { cover } });
      expect(res.status, cover).toBe(400);
    }
    const [row] = await t.db.select({ cover: videoStores.cover }).from(videoStores).where(eq(videoStores.id, item.id));
    expect(row.cover).toBe('');
    expect((await t.call('PUT', `/api/video_stores/${item.id}`, { cookie: uploader.cookie, body: { cover: '/uploads/poster/2026/11/abc.jpg' } })).status).toBe(
      200,
    );
  });
});
