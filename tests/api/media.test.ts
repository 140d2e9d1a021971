import { createHash, createHmac } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { mediaUsage, picStores, uploadTickets } from '@/server/db/schema';
import { defaultKinds, type StorageConfig } from '@/server/storage/config';
import { serveUpload } from '@/server/storage/serve';
import { upyunUpt } from '@/server/storage/signing';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';
import { isPlaceholderTitle, UNTITLED } from '@/lib/api/media';

const png = (width: number, height: number, color = '#c00') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** The smallest MP4 a sniffer recognises: an `ftyp` box. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16, 1)]);

/** An image-check service on an outside host (msw intercepts only that host). */
const checkService = setupServer(
  http.get('http://check.example.test/check', ({ request }) => {
    const image = new URL(request.url).searchParams.get('image') ?? '';
    if (image.includes('broken')) return new HttpResponse('oops', { status: 502 });
    return HttpResponse.json({ status: 0, data: { result: image.endsWith('.png') ? 'pass' : 'review' } });
  }),
);

describe.each(DB_KINDS)('picture and video libraries on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let adminId: number;

  const token = async (cookie: string, body: Record<string, unknown>) => t.call('POST', '/api/upload_token', { cookie, body });
  /** Sends a file the way the browser does with a local ticket. */
  const put = async (cookie: string, url: string, body: Buffer | ReadableStream, type: string) => {
    const res = await t.app.request(`http://localhost${url}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': type, 'x-test-peer': '10.0.0.1' },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: res.status, body: await res.json() };
  };
  /** Ticket, upload, register: the whole path of one picture. */
  const uploadPicture = async (cookie: string, file: Buffer, extra: Record<string, unknown> = {}) => {
    const ticket = (await token(cookie, { kind: 'pic', filename: 'a.png', size: file.length, mime: 'image/png' })).body.data;
    expect((await put(cookie, ticket.url, file, 'image/png')).status).toBe(200);
    return t.call('POST', '/api/pic_stores', { cookie, body: { key: ticket.key, title: '测试图', ...extra } });
  };
  const filesUnder = async (dir: string): Promise<string[]> => {
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) out.push(...(await filesUnder(full)));
      else out.push(path.relative(t.uploadsDir, full));
    }
    return out;
  };

  beforeAll(async () => {
    checkService.listen({ onUnhandledRequest: 'bypass' });
    t = await setupTestApp(kind);
    admin = await t.login();
    adminId = (await t.call('GET', '/api/login_info', { cookie: admin })).body.data.id;
  });
  afterAll(async () => {
    checkService.close();
    await t?.close();
  });

  it('library tags: unique names, drag order, no delete', async () => {
    const a = await t.call('POST', '/api/pic_store_tags', { cookie: admin, body: { name: '车展' } });
    expect(a.status).toBe(200);
    expect((await t.call('POST', '/api/pic_store_tags', { cookie: admin, body: { name: '车展' } })).body.errors).toEqual({ name: '标签名称已存在' });
    expect((await t.call('POST', '/api/video_store_tags', { cookie: admin, body: { name: '试驾' } })).status).toBe(200);
    expect((await t.call('DELETE', `/api/pic_store_tags/${a.body.data.id}`, { cookie: admin })).status).toBe(404);
  });

  it('a picture goes ticket → upload → register: measured, thumbnailed, hashed, served with its type', async () => {
    const file = await png(800, 600);
    const res = await uploadPicture(admin, file, { title: '解放J7 外观' });
    expect(res.status).toBe(200);
    const item = res.body.data;
    expect(item).toMatchObject({
      title: '解放J7 外观',
      width: 800,
      height: 600,
      size: file.length,
      mime: 'image/png',
      uploaderId: adminId,
      uploaderName: '超级管理员',
      checkStatus: 0,
      usageCount: 0,
    });
    expect(item.url).toMatch(/^\/uploads\/pic\/\d{4}\/\d{2}\/[0-9a-f]{24}\.png$/);
    const [row] = await t.db.select().from(picStores).where(eq(picStores.id, item.id));
    expect(row.sha256).toBe(sha(file));
    const thumb = await sharp(path.join(t.uploadsDir, item.thumbUrl.replace('/uploads/', ''))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 240]);

    const served = await serveUpload(new Request(`http://localhost${item.url}`), t.uploadsDir, t.db);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
    const part = await serveUpload(new Request(`http://localhost${item.url}`, { headers: { range: 'bytes=0-7' } }), t.uploadsDir, t.db);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${file.length}`);
    for (const bad of ['/uploads/../package.json', '/uploads/pic', '/uploads/.tmp/x', `/uploads/${'pic/2026/11/nothere.png'}`]) {
      expect((await serveUpload(new Request(`http://localhost${bad}`), t.uploadsDir, t.db)).status, bad).toBe(404);
    }
  });

  it('a picture registered without a title is 「未命名图片」: the placeholder the pickers recognise, never its file name (issue 15)', async () => {
    const item = (await uploadPicture(admin, await png(30, 30, '#0a0'), { title: '' })).body.data;
    expect(item.title).toBe(UNTITLED.pic);
    expect(isPlaceholderTitle(item.title)).toBe(true);
  });

  it('the same file again is offered as the existing item, before and after uploading', async () => {
    const file = await png(300, 200, '#0a0');
    const first = (await uploadPicture(admin, file, { title: '原图' })).body.data;
    const ticket = (await token(admin, { kind: 'pic', size: file.length, mime: 'image/png', sha256: sha(file) })).body.data;
    expect(ticket.duplicates).toEqual([expect.objectContaining({ id: first.id, title: '原图' })]);
    const again = await uploadPicture(admin, file, { title: '副本' });
    expect(again.status).toBe(409);
    expect(again.body.data.existing).toMatchObject({ id: first.id, title: '原图' });
    expect(again.body.message).toContain('原图');
    const kept = await uploadPicture(admin, file, { title: '副本', allowDuplicate: true });
    expect(kept.status).toBe(200);
  });

  it('refuses bad uploads with a clear message and leaves no file behind', async () => {
    const before = await filesUnder(t.uploadsDir);
    // Types we never take, sizes over the limit: refused at the ticket.
    const svg = await token(admin, { kind: 'pic', size: 100, mime: 'image/svg+xml' });
    expect(svg.status).toBe(400);
    expect(svg.body.errors.mime).toContain('jpg');
    expect((await token(admin, { kind: 'pic', size: 100, mime: 'text/html' })).status).toBe(400);
    const big = await token(admin, { kind: 'pic', size: 21 * 1024 * 1024, mime: 'image/png' });
    expect(big.status).toBe(413);
    expect(big.body.errors.size).toContain('20 MB');

    // HTML that calls itself a PNG.
    const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(64, ' '));
    const t1 = (await token(admin, { kind: 'pic', size: html.length, mime: 'image/png' })).body.data;
    const fake = await put(admin, t1.url, html, 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body.message).toContain('不符');
    // A declared type other than the ticket's.
    const file = await png(10, 10);
    const t2 = (await token(admin, { kind: 'pic', size: file.length, mime: 'image/png' })).body.data;
    expect((await put(admin, t2.url, file, 'image/jpeg')).status).toBe(415);
    // More bytes than the ticket allows, streamed without a length.
    const small: StorageConfig = {
      driver: 'local',
      uploadsDir: t.uploadsDir,
      kinds: { ...defaultKinds(), pic: { maxBytes: 64 * 1024, types: { 'image/png': 'png' } } },
      ticketMinutes: 60,
    };
    const tight = await setupTestApp(kind, { storage: small });
    try {
      const cookie = await tight.login();
      const tk = (await tight.call('POST', '/api/upload_token', { cookie, body: { kind: 'pic', size: 1000, mime: 'image/png' } })).body.data;
      const head = await png(10, 10);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 1024 * 1024) return controller.close();
          controller.enqueue(sent === 0 ? new Uint8Array(head) : new Uint8Array(16 * 1024));
          sent += sent === 0 ? head.length : 16 * 1024;
        },
      });
      const res = await tight.app.request(`http://localhost${tk.url}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'image/png', 'x-test-peer': '10.0.0.1' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(sent).toBeLessThan(1024 * 1024);
    } finally {
      await tight.close();
    }
    // Registering what never arrived, someone else's file, a path of our choosing, a used ticket.
    expect((await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: t1.key } })).body.errors.key).toBe('文件尚未上传完成');
    expect((await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: '../../package.json' } })).status).toBe(400);
    expect((await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: 'pic/2026/11/000000000000000000000000.png' } })).status).toBe(400);
    const other = await createStaff(t, admin, { username: 'photographer', routes: ['/photo'], level: 3 });
    const t3 = (await token(admin, { kind: 'pic', size: file.length, mime: 'image/png' })).body.data;
    expect((await put(admin, t3.url, file, 'image/png')).status).toBe(200);
    expect((await put(admin, t3.url, file, 'image/png')).status).toBe(409);
    const stolen = await t.call('POST', '/api/pic_stores', { cookie: other.cookie, body: { key: t3.key } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors.key).toContain('不是你上传的');
    expect((await t.call('POST', '/api/video_stores', { cookie: admin, body: { key: t3.key } })).body.errors.key).toBe('文件类型与素材库不符');
    // Someone else's ticket cannot receive their file either.
    const t4 = (await token(admin, { kind: 'pic', size: file.length, mime: 'image/png' })).body.data;
    expect((await put(other.cookie, t4.url, file, 'image/png')).status).toBe(403);
    // An expired ticket.
    const t5 = (await token(admin, { kind: 'pic', size: file.length, mime: 'image/png' })).body.data;
    await t.db
      .update(uploadTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTickets.key, t5.key));
    const expired = await put(admin, t5.url, file, 'image/png');
    expect(expired.status).toBe(403);
    expect(expired.body.message).toContain('过期');

    // Of all that, only the one good upload (t3) is on disk, and nothing half-written.
    const after = (await filesUnder(t.uploadsDir)).filter((f) => !before.includes(f));
    expect(after).toEqual([t3.key]);
  });

  it('a title search finds the same newest items whether the keyword is rare, common or frequent', async () => {
    // 150 items: 外观 in half (frequent: the count walks too), 豪沃 TX in a tenth (common: the page
    // walks, the count reads the bigram index), 磁悬浮 in one (rare: both read the index); letters
    // match ignoring case. Each answer is checked against ILIKE over the table, in list order.
    await t.db.execute(sql`
      INSERT INTO pic_stores (title, storage, key, url, thumb_url, mime, size, width, height, sha256, tag_ids, created_at)
      SELECT CASE WHEN g = 77 THEN '磁悬浮 概念车' WHEN g % 10 = 3 THEN '豪沃 TX 侧面 ' || g WHEN g % 2 = 0 THEN '外观 ' || g ELSE '内饰 J6p ' || g END,
             'local', 'pic/search/' || g || '.jpg', '/uploads/pic/search/' || g || '.jpg', '', 'image/jpeg', 1000, 10, 10, md5('search' || g), '{}',
             now() - (g || ' minutes')::interval
      FROM generate_series(1, 150) g`);
    const expected = async (keyword: string) => {
      const rows = await t.db.execute(sql`SELECT id FROM pic_stores WHERE title ILIKE ${'%' + keyword + '%'} ORDER BY created_at DESC, id DESC`);
      return (rows.rows as Array<{ id: number }>).map((r) => Number(r.id));
    };
    for (const keyword of ['外观', '豪沃 TX', '磁悬浮', 'j6P']) {
      const want = await expected(keyword);
      expect(want.length).toBeGreaterThan(0);
      const got: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await t.call('GET', `/api/pic_stores?keyword=${encodeURIComponent(keyword)}&pageSize=20&page=${page}`, { cookie: admin });
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(want.length);
        got.push(...res.body.data.list.map((x: { id: number }) => x.id));
      }
      expect(got, keyword).toEqual(want.slice(0, 80));
    }
  });

  it('lists newest first with filters by tag, keyword, uploader, check status and date; edits title and tags', async () => {
    const tag = (await t.call('POST', '/api/pic_store_tags', { cookie: admin, body: { name: '重卡' } })).body.data.id;
    const a = (await uploadPicture(admin, await png(40, 40, '#111'), { title: '豪沃 TX 侧面', tagIds: [tag] })).body.data;
    const b = (await uploadPicture(admin, await png(41, 40, '#222'), { title: '天龙 KL 正面' })).body.data;
    const list = async (q: string) => (await t.call('GET', `/api/pic_stores?${q}`, { cookie: admin })).body.data;
    expect((await list('pageSize=2')).list.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect((await list(`tagId=${tag}`)).list.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await list(`keyword=${encodeURIComponent('天龙')}`)).list.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await list(`uploaderId=${adminId}&checkStatus=0`)).total).toBeGreaterThanOrEqual(2);
    expect((await list(`from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)).total).toBe(0);
    expect((await t.call('GET', '/api/pic_stores?from=9999-12-31T23:59:59-23:59', { cookie: admin })).status).toBe(400);

    const edited = await t.call('PUT', `/api/pic_stores/${b.id}`, { cookie: admin, body: { title: '天龙 KL 正面（改）', tagIds: [tag] } });
    expect(edited.body.data).toMatchObject({ title: '天龙 KL 正面（改）', tagIds: [tag] });
    expect((await t.call('PUT', `/api/pic_stores/${b.id}`, { cookie: admin, body: { tagIds: [999999] } })).body.errors.tagIds).toContain('不存在');
    // Everyone signed in reads the library (the editor's picker); only /photo edits it, within scope.
    const editor = await createStaff(t, admin, { username: 'pic_editor', routes: ['/photo'], level: 3 });
    expect((await t.call('GET', '/api/pic_stores', { cookie: editor.cookie })).status).toBe(200);
    const refused = await t.call('PUT', `/api/pic_stores/${b.id}`, { cookie: editor.cookie, body: { title: '越权' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('自己上传');
  });

  it('the 上传者 filter finds who uploaded (with their department); rows name the department; the limits are published', async () => {
    const desk = (await t.call('POST', '/api/departments', { cookie: admin, body: { name: '图片部' } })).body.data.id;
    const shooter = await createStaff(t, admin, { username: 'zhaosheying', routes: ['/photo'], departmentId: desk });
    await t.call('PUT', `/api/users/${shooter.userId}`, { cookie: admin, body: { name: '赵摄影' } });
    await createStaff(t, admin, { username: 'never_uploads', routes: ['/photo'] });
    const mine = (await uploadPicture(shooter.cookie, await png(44, 40, '#444'), { title: '乘龙 H7 夜景' })).body.data;

    const uploaders = async (q: string) =>
      (await t.call('GET', `/api/pic_stores/uploaders?${q}`, { cookie: admin })).body.data.list as Array<{
        id: number;
        name: string;
        departmentName: string | null;
      }>;
    const everyone = await uploaders('');
    expect(everyone.map((u) => u.name)).toContain('赵摄影');
    // Only people who uploaded to this library.
    expect(everyone.map((u) => u.name)).not.toContain('员工never_uploads');
    expect(await uploaders(`keyword=${encodeURIComponent('赵')}`)).toEqual([
      { id: shooter.userId, name: '赵摄影', username: 'zhaosheying', departmentName: '图片部' },
    ]);
    expect((await uploaders(`ids=${shooter.userId}`)).map((u) => u.id)).toEqual([shooter.userId]);
    expect(await uploaders('keyword=nobody-like-this')).toEqual([]);
    expect((await t.call('GET', '/api/video_stores/uploaders', { cookie: admin })).body.data.list.map((u: { name: string }) => u.name)).not.toContain('赵摄影');

    const row = (await t.call('GET', `/api/pic_stores?uploaderId=${shooter.userId}`, { cookie: admin })).body.data.list[0];
    expect(row).toMatchObject({ id: mine.id, uploaderName: '赵摄影', uploaderDepartment: '图片部' });

    const limits = await t.call('GET', '/api/upload_limits', { cookie: shooter.cookie });
    expect(limits.body.data.kinds.pic).toMatchObject({ maxBytes: 20 * 1024 * 1024, extensions: ['jpg', 'png', 'gif', 'webp'] });
    expect(limits.body.data.kinds.video.types).toContain('video/mp4');
  });

  it('bulk tagging and deletion; a used item is not deleted and its users are named', async () => {
    const tag = (await t.call('POST', '/api/pic_store_tags', { cookie: admin, body: { name: '批量' } })).body.data.id;
    const x = (await uploadPicture(admin, await png(50, 50, '#333'), { title: '甲' })).body.data;
    const y = (await uploadPicture(admin, await png(51, 50, '#444'), { title: '乙' })).body.data;
    const batch = (body: unknown) => t.call('POST', '/api/pic_stores/batch', { cookie: admin, body });
    expect((await batch({ action: 'addTags', ids: [x.id, y.id], tagIds: [tag] })).status).toBe(200);
    expect((await t.call('GET', `/api/pic_stores?tagId=${tag}`, { cookie: admin })).body.data.total).toBe(2);
    expect((await batch({ action: 'removeTags', ids: [y.id], tagIds: [tag] })).status).toBe(200);
    expect((await t.call('GET', `/api/pic_stores?tagId=${tag}`, { cookie: admin })).body.data.total).toBe(1);

    await t.db.insert(mediaUsage).values({ mediaKind: 'pic', mediaId: x.id, ownerType: 'article', ownerId: 7, ownerTitle: '解放J7 深度试驾' });
    const shown = await t.call('GET', `/api/pic_stores/${x.id}`, { cookie: admin });
    expect(shown.body.data.usageCount).toBe(1);
    const refused = await batch({ action: 'delete', ids: [x.id, y.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('文章「解放J7 深度试驾」');
    expect((await t.call('GET', `/api/pic_stores/${y.id}`, { cookie: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/pic_stores/${x.id}`, { cookie: admin })).status).toBe(409);

    const yFile = path.join(t.uploadsDir, y.url.replace('/uploads/', ''));
    expect((await t.call('DELETE', `/api/pic_stores/${y.id}`, { cookie: admin })).status).toBe(200);
    await expect
      .poll(() =>
        stat(yFile).then(
          () => true,
          () => false,
        ),
      )
      .toBe(false);
  });

  it('a video with its poster frame; its play URL', async () => {
    const video = mp4();
    const vt = (await token(admin, { kind: 'video', filename: 'drive.mp4', size: video.length, mime: 'video/mp4' })).body.data;
    expect((await put(admin, vt.url, video, 'video/mp4')).status).toBe(200);
    const poster = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#036' } })
      .jpeg()
      .toBuffer();
    const pt = (await token(admin, { kind: 'poster', size: poster.length, mime: 'image/jpeg' })).body.data;
    expect((await put(admin, pt.url, poster, 'image/jpeg')).status).toBe(200);
    const res = await t.call('POST', '/api/video_stores', {
      cookie: admin,
      body: { key: vt.key, posterKey: pt.key, title: '试驾视频', duration: 93.5, width: 1920, height: 1080 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '试驾视频', duration: 93.5, width: 1920, height: 1080, mime: 'video/mp4', cover: `/uploads/${pt.key}` });
    const play = await t.call('POST', '/api/upyun_play_token', { cookie: admin, body: { id: res.body.data.id } });
    expect(play.body.data.url).toBe(res.body.data.url);
    // A video ticket does not take a picture, and a picture ticket no video.
    const wrong = (await token(admin, { kind: 'video', size: 100, mime: 'video/mp4' })).body.data;
    expect((await put(admin, wrong.url, await png(10, 10), 'video/mp4')).status).toBe(415);
    expect((await token(admin, { kind: 'video', size: 3 * 1024 ** 3, mime: 'video/mp4' })).status).toBe(413);
  });

  it('who may upload: the library screens, the editors and the operation screens; not everyone', async () => {
    const nobody = await createStaff(t, admin, { username: 'no_upload', routes: ['/log'], level: 1 });
    expect((await token(nobody.cookie, { kind: 'pic', size: 10, mime: 'image/png' })).status).toBe(403);
    const writer = await createStaff(t, admin, { username: 'writer', routes: ['/article/addArticle'], level: 3 });
    expect((await token(writer.cookie, { kind: 'pic', size: 10, mime: 'image/png' })).status).toBe(200);
    const operator = await createStaff(t, admin, { username: 'operator', routes: ['/operation/ad'], level: 3 });
    const refused = await token(operator.cookie, { kind: 'video', size: 10, mime: 'video/mp4' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('视频');
  });

  it('the picture check keeps the service’s verdict; an unreachable or unknown answer stays 未检测 with the reason', async () => {
    const checked = await setupTestApp(kind, {
      storage: {
        driver: 'local',
        uploadsDir: t.uploadsDir,
        kinds: defaultKinds(),
        ticketMinutes: 60,
        imageCheckUrl: 'http://check.example.test/check',
        publicOrigin: 'https://cms.example.test',
      },
    });
    try {
      const cookie = await checked.login();
      const file = await png(20, 20, '#abc');
      const tk = (await checked.call('POST', '/api/upload_token', { cookie, body: { kind: 'pic', size: file.length, mime: 'image/png' } })).body.data;
      await checked.app.request(`http://localhost${tk.url}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'image/png', 'x-test-peer': '10.0.0.1' },
        body: file,
      });
      const item = (await checked.call('POST', '/api/pic_stores', { cookie, body: { key: tk.key } })).body.data;
      await expect.poll(async () => (await checked.db.select({ s: picStores.checkStatus }).from(picStores).where(eq(picStores.id, item.id)))[0].s).toBe(1);
      // The service is down for this one: the recheck says so and the status stays 未检测.
      await checked.db.update(picStores).set({ url: 'https://cdn.example.test/broken.png', checkStatus: 0 }).where(eq(picStores.id, item.id));
      const again = await checked.call('POST', `/api/pic_stores/${item.id}/check`, { cookie });
      expect(again.body.data).toEqual({ status: 0, note: '检测服务出错（HTTP 502）' });
    } finally {
      await checked.close();
    }
    // Without a service, nothing pretends to have checked.
    const plain = await t.call('GET', '/api/pic_stores?pageSize=100', { cookie: admin });
    expect(plain.body.data.list.every((p: { checkStatus: number }) => p.checkStatus === 0)).toBe(true);
  });

  it('Qiniu and Upyun: the ticket is the vendor’s signed form for exactly that key', async () => {
    const qiniu = await setupTestApp(kind, {
      storage: {
        driver: 'qiniu',
        uploadsDir: t.uploadsDir,
        kinds: defaultKinds(),
        ticketMinutes: 60,
        qiniu: {
          accessKey: 'AK',
          secretKey: 'SK',
          bucket: 'news',
          domain: 'https://img.example.com',
          uploadUrl: 'https://upload-z2.qiniup.com',
          isPrivate: false,
        },
      },
    });
    try {
      const cookie = await qiniu.login();
      const res = await qiniu.call('POST', '/api/get_qiniu_token', { cookie, body: { kind: 'pic', size: 1000, mime: 'image/jpeg' } });
      const tk = res.body.data;
      expect(tk).toMatchObject({ driver: 'qiniu', method: 'POST', url: 'https://upload-z2.qiniup.com', fileField: 'file' });
      const [ak, sign, encoded] = tk.fields.token.split(':');
      expect(ak).toBe('AK');
      expect(sign).toBe(createHmac('sha1', 'SK').update(encoded).digest('base64').replace(/\//g, '_').replace(/\+/g, '-'));
      const policy = JSON.parse(Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString());
      expect(policy).toMatchObject({ scope: `news:${tk.key}`, insertOnly: 1, fsizeLimit: 1000, mimeLimit: 'image/jpeg;image/png;image/gif;image/webp' });
      expect(policy.deadline).toBe(Math.floor(new Date(tk.expiresAt).getTime() / 1000));
      expect((await qiniu.call('POST', '/api/upyun_up_token', { cookie, body: { kind: 'pic', size: 1000, mime: 'image/jpeg' } })).status).toBe(409);
      // The file went to Qiniu; registering takes what the upload reply reported.
      const reg = await qiniu.call('POST', '/api/pic_stores', {
        cookie,
        body: { key: tk.key, title: '七牛图', width: 1200, height: 800, size: 1000, mime: 'image/jpeg', sha256: 'a'.repeat(64) },
      });
      expect(reg.body.data).toMatchObject({
        url: `https://img.example.com/${tk.key}`,
        thumbUrl: `https://img.example.com/${tk.key}?imageView2/2/w/320/format/webp`,
        width: 1200,
      });
      expect((await qiniu.call('PUT', `/api/uploads/whatever`, { cookie, body: {} })).status).toBe(415);
    } finally {
      await qiniu.close();
    }

    const upyun = await setupTestApp(kind, {
      storage: {
        driver: 'upyun',
        uploadsDir: t.uploadsDir,
        kinds: defaultKinds(),
        ticketMinutes: 60,
        upyun: { bucket: 'truck-video', operator: 'op', password: 'secret-pass', domain: 'https://v.example.com', tokenSecret: 'leech' },
      },
    });
    try {
      const cookie = await upyun.login();
      const tk = (await upyun.call('POST', '/api/upyun_up_token', { cookie, body: { kind: 'video', size: 5000, mime: 'video/mp4' } })).body.data;
      expect(tk).toMatchObject({ driver: 'upyun', url: 'https://v0.api.upyun.com/truck-video' });
      const policy = JSON.parse(Buffer.from(tk.fields.policy, 'base64').toString());
      expect(policy).toMatchObject({ bucket: 'truck-video', 'save-key': `/${tk.key}`, 'allow-file-type': 'mp4,mov,webm', 'content-length-range': '1,5000' });
      const key = createHash('md5').update('secret-pass').digest('hex');
      const expected = createHmac('sha1', key).update(['POST', '/truck-video', policy.date, tk.fields.policy].join('&')).digest('base64');
      expect(tk.fields.authorization).toBe(`UPYUN op:${expected}`);
      const reg = await upyun.call('POST', '/api/video_stores', { cookie, body: { key: tk.key, title: '又拍视频', duration: 12 } });
      const play = (await upyun.call('POST', '/api/upyun_play_token', { cookie, body: { id: reg.body.data.id } })).body.data;
      const etime = Math.floor(new Date(play.expiresAt).getTime() / 1000);
      expect(play.url).toBe(`https://v.example.com/${tk.key}?_upt=${upyunUpt('leech', etime, `/${tk.key}`)}`);
    } finally {
      await upyun.close();
    }
  });
});
