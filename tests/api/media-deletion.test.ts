import { createHash, createHmac } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { mediaUsage, picStores, storageDeletions, uploadTickets } from '@/server/db/schema';
import { defaultKinds, type StorageConfig } from '@/server/storage/config';
import { runDeletions } from '@/server/storage/deletions';
import { qiniuEncodedEntry } from '@/server/storage/signing';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Deleting a library item removes its files from storage after the transaction commits (issue 6):
 * the local driver on a real temporary folder, Qiniu's and Upyun's APIs faked by msw on their own
 * hosts (nothing of ours is mocked). A refused delete keeps the files; a storage failure keeps a
 * retry row and never the item.
 */

const png = (width: number, color: string) =>
  sharp({ create: { width, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: '#036' } })
    .jpeg()
    .toBuffer();
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16, 1)]);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const b64url = (b: Buffer) => b.toString('base64').replace(/\//g, '_').replace(/\+/g, '-');

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}
const seen: Seen[] = [];
/** What the fake vendors answer next (per host); default 200. */
const answers: Record<'qiniu' | 'upyun', Array<() => Response>> = { qiniu: [], upyun: [] };
const record = async (request: Request) =>
  seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });

const vendors = setupServer(
  http.post('https://rs.qiniuapi.com/*', async ({ request }) => {
    await record(request);
    const next = answers.qiniu.shift();
    if (next) return next();
    const url = new URL(request.url);
    if (url.pathname === '/batch') {
      const ops = new URLSearchParams(seen.at(-1)!.body).getAll('op');
      return HttpResponse.json(ops.map(() => ({ code: 200 })));
    }
    return new HttpResponse(null, { status: 200 });
  }),
  http.delete('https://v0.api.upyun.com/*', async ({ request }) => {
    await record(request);
    const next = answers.upyun.shift();
    return next ? next() : new HttpResponse(null, { status: 200 });
  }),
);

describe.each(DB_KINDS)('deleting library items removes their files on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const local = (): StorageConfig => ({ driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 });
  const fileOf = (url: string) => path.join(t.uploadsDir, url.replace('/uploads/', ''));
  const pending = (db = t.db) => db.select().from(storageDeletions);

  /** Ticket, upload (local driver), register. */
  const upload = async (ctx: TestContext, cookie: string, kindOf: 'pic' | 'video' | 'poster', file: Buffer, mime: string) => {
    const ticket = (await ctx.call('POST', '/api/upload_token', { cookie, body: { kind: kindOf, size: file.length, mime } })).body.data;
    if (ticket.method === 'PUT') {
      const res = await ctx.app.request(`http://localhost${ticket.url}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': mime, 'x-test-peer': '10.0.0.1' },
        body: new Uint8Array(file),
      });
      expect(res.status).toBe(200);
    }
    return ticket.key as string;
  };
  const picture = async (ctx: TestContext, cookie: string, title: string, color = '#c00') => {
    const key = await upload(ctx, cookie, 'pic', await png(60 + Math.floor(Math.random() * 500), color), 'image/png');
    const res = await ctx.call('POST', '/api/pic_stores', {
      cookie,
      body: { key, title, width: 60, height: 40, size: 100, mime: 'image/png', allowDuplicate: true },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const video = async (ctx: TestContext, cookie: string, title: string) => {
    const key = await upload(ctx, cookie, 'video', mp4(), 'video/mp4');
    const posterKey = await upload(ctx, cookie, 'poster', await jpeg(), 'image/jpeg');
    const res = await ctx.call('POST', '/api/video_stores', { cookie, body: { key, posterKey, title, duration: 12, allowDuplicate: true } });
    expect(res.status).toBe(200);
    return { ...res.body.data, key, posterKey };
  };

  beforeAll(async () => {
    vendors.listen({ onUnhandledRequest: 'bypass' });
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterEach(() => {
    seen.length = 0;
    answers.qiniu.length = 0;
    answers.upyun.length = 0;
  });
  afterAll(async () => {
    vendors.close();
    await t?.close();
  });

  it('local: a refused delete keeps the files; a delete removes the original and the thumbnail', async () => {
    const pic = await picture(t, admin, '解放J6P 侧面');
    const original = fileOf(pic.url);
    const thumb = fileOf(pic.thumbUrl);
    expect([await exists(original), await exists(thumb)]).toEqual([true, true]);

    await t.db.insert(mediaUsage).values({ mediaKind: 'pic', mediaId: pic.id, ownerType: 'article', ownerId: 41, ownerTitle: '重卡月度销量' });
    const refused = await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('重卡月度销量');
    expect([await exists(original), await exists(thumb)]).toEqual([true, true]);
    expect(await pending()).toEqual([]);

    await t.db.delete(mediaUsage).where(eq(mediaUsage.mediaId, pic.id));
    expect((await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(200);
    await expect.poll(async () => [await exists(original), await exists(thumb)]).toEqual([false, false]);
    await expect.poll(() => pending()).toEqual([]);
    expect((await t.call('GET', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(404);
    // Its key is free: no ticket left to register it again.
    expect(
      await t.db
        .select()
        .from(uploadTickets)
        .where(eq(uploadTickets.key, pic.url.replace('/uploads/', ''))),
    ).toEqual([]);
  });

  it('local: bulk delete removes every file; a video takes its poster, never a library picture used as its cover', async () => {
    const a = await picture(t, admin, '甲', '#111');
    const b = await picture(t, admin, '乙', '#222');
    const v = await video(t, admin, '试驾视频');
    expect(v.cover).toBe(`/uploads/${v.posterKey}`);
    // A second video whose cover was changed to a library picture, and a third whose cover is the first one's poster.
    const coverPic = await picture(t, admin, '封面图', '#333');
    const w = await video(t, admin, '换了封面的视频');
    expect((await t.call('PUT', `/api/video_stores/${w.id}`, { cookie: admin, body: { cover: coverPic.url } })).status).toBe(200);
    const shared = await video(t, admin, '借用封面的视频');
    expect((await t.call('PUT', `/api/video_stores/${shared.id}`, { cookie: admin, body: { cover: v.cover } })).status).toBe(200);

    expect((await t.call('POST', '/api/pic_stores/batch', { cookie: admin, body: { action: 'delete', ids: [a.id, b.id] } })).status).toBe(200);
    expect((await t.call('POST', '/api/video_stores/batch', { cookie: admin, body: { action: 'delete', ids: [v.id, w.id] } })).status).toBe(200);
    const gone = [a.url, a.thumbUrl, b.url, b.thumbUrl, `/uploads/${v.key}`, `/uploads/${w.key}`];
    await expect.poll(async () => (await Promise.all(gone.map((u) => exists(fileOf(u))))).filter(Boolean).length).toBe(0);
    // Kept: the picture chosen as a cover, and the poster another video still shows.
    expect(await exists(fileOf(coverPic.url))).toBe(true);
    expect(await exists(fileOf(coverPic.thumbUrl))).toBe(true);
    expect(await exists(fileOf(v.cover))).toBe(true);
    await expect.poll(() => pending()).toEqual([]);
  });

  it('local: a file the disk refuses to remove is kept for a retry; the item stays deleted', async () => {
    const pic = await picture(t, admin, '丙', '#444');
    const thumb = fileOf(pic.thumbUrl);
    // A disk that refuses: the thumbnail's path is now a folder with something in it.
    await rm(thumb);
    await mkdir(path.join(thumb, 'stuck'), { recursive: true });
    const logs: string[] = [];
    expect((await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(200);
    await expect.poll(() => exists(fileOf(pic.url))).toBe(false);
    await expect
      .poll(async () => (await pending()).map((r) => [r.storage, r.key, r.attempts, r.lastError.includes('EISDIR')]))
      .toEqual([['local', pic.thumbUrl.replace('/uploads/', ''), 1, true]]);
    const [row] = await pending();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await t.call('GET', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(404);

    // Not due yet: the retry leaves it alone.
    expect(await runDeletions(t.db, local(), { log: (m) => logs.push(m) })).toEqual({ done: 0, failed: 0 });
    // Due, still refused: a second attempt, a longer wait, a log line.
    const later = new Date(row.nextAttemptAt.getTime() + 1000);
    expect(await runDeletions(t.db, local(), { now: later, log: (m) => logs.push(m) })).toEqual({ done: 0, failed: 1 });
    const [again] = await pending();
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime() - later.getTime()).toBe(120_000);
    expect(logs.join('\n')).toContain(row.key);
    // The disk is fixed (the file is back as a file): the next retry removes it and forgets the row.
    await rm(thumb, { recursive: true });
    await writeFile(thumb, 'x');
    expect(await runDeletions(t.db, local(), { now: new Date(again.nextAttemptAt.getTime() + 1000) })).toEqual({ done: 1, failed: 0 });
    expect(await exists(thumb)).toBe(false);
    expect(await pending()).toEqual([]);
  });

  it('Qiniu: one file by /delete, several by /batch, signed with the management token; a failure is retried', async () => {
    const storage: StorageConfig = {
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
    };
    const q = await setupTestApp(kind, { storage });
    try {
      const cookie = await q.login();
      const one = await picture(q, cookie, '七牛图一');
      const two = await picture(q, cookie, '七牛图二');
      const three = await picture(q, cookie, '七牛图三');
      const keyOf = (url: string) => url.replace('https://img.example.com/', '');

      // A refused delete sends nothing.
      await q.db.insert(mediaUsage).values({ mediaKind: 'pic', mediaId: one.id, ownerType: 'article', ownerId: 5, ownerTitle: '用着它的文章' });
      expect((await q.call('DELETE', `/api/pic_stores/${one.id}`, { cookie })).status).toBe(409);
      await q.db.delete(mediaUsage);

      expect((await q.call('DELETE', `/api/pic_stores/${one.id}`, { cookie })).status).toBe(200);
      await expect.poll(() => seen.length).toBe(1);
      const [single] = seen;
      expect(single.method).toBe('POST');
      expect(single.url.pathname).toBe(`/delete/${qiniuEncodedEntry('news', keyOf(one.url))}`);
      const date = single.headers.get('x-qiniu-date')!;
      expect(date).toMatch(/^\d{8}T\d{6}Z$/);
      // The documented signature, computed here by hand: method, path, host, type, X-Qiniu-*, blank line.
      const signed = `POST ${single.url.pathname}\nHost: rs.qiniuapi.com\nContent-Type: application/x-www-form-urlencoded\nX-Qiniu-Date: ${date}\n\n`;
      expect(single.headers.get('authorization')).toBe(`Qiniu AK:${b64url(createHmac('sha1', 'SK').update(signed).digest())}`);
      await expect.poll(() => pending(q.db)).toEqual([]);

      // Two at once, the first attempt fails (Qiniu's 599), then the retry goes through.
      seen.length = 0;
      answers.qiniu.push(() => HttpResponse.json({ error: 'service unavailable' }, { status: 599 }));
      expect((await q.call('POST', '/api/pic_stores/batch', { cookie, body: { action: 'delete', ids: [two.id, three.id] } })).status).toBe(200);
      // The attempt is counted when a run claims the rows, the error once the storage has answered.
      await expect
        .poll(async () => (await pending(q.db)).map((r) => [r.attempts, r.bucket, r.lastError.includes('599')]))
        .toEqual([
          [1, 'news', true],
          [1, 'news', true],
        ]);
      expect((await q.call('GET', `/api/pic_stores/${two.id}`, { cookie })).status).toBe(404);
      const batch = seen[0];
      expect(batch.url.pathname).toBe('/batch');
      expect(new URLSearchParams(batch.body).getAll('op').sort()).toEqual([two, three].map((p) => `/delete/${qiniuEncodedEntry('news', keyOf(p.url))}`).sort());
      const batchDate = batch.headers.get('x-qiniu-date')!;
      const batchSigned = `POST /batch\nHost: rs.qiniuapi.com\nContent-Type: application/x-www-form-urlencoded\nX-Qiniu-Date: ${batchDate}\n\n${batch.body}`;
      expect(batch.headers.get('authorization')).toBe(`Qiniu AK:${b64url(createHmac('sha1', 'SK').update(batchSigned).digest())}`);

      seen.length = 0;
      // One op succeeds, the other file is already gone (612): both done.
      answers.qiniu.push(() => HttpResponse.json([{ code: 200 }, { code: 612, data: { error: 'no such file or directory' } }], { status: 298 }));
      const result = await runDeletions(q.db, storage, { now: new Date(Date.now() + 3600_000) });
      expect(result).toEqual({ done: 2, failed: 0 });
      expect(seen).toHaveLength(1);
      expect(await pending(q.db)).toEqual([]);

      // A video on Qiniu: its file and its poster, in one batch.
      seen.length = 0;
      const v = await video(q, cookie, '七牛视频');
      expect((await q.call('DELETE', `/api/video_stores/${v.id}`, { cookie })).status).toBe(200);
      await expect.poll(() => seen.length).toBe(1);
      expect(new URLSearchParams(seen[0].body).getAll('op').sort()).toEqual([v.key, v.posterKey].map((k) => `/delete/${qiniuEncodedEntry('news', k)}`).sort());
    } finally {
      await q.close();
    }
  });

  it('Upyun: a REST DELETE per file, signed; a missing file counts as gone; a failure is retried', async () => {
    const storage: StorageConfig = {
      driver: 'upyun',
      uploadsDir: t.uploadsDir,
      kinds: defaultKinds(),
      ticketMinutes: 60,
      upyun: { bucket: 'truck-video', operator: 'op', password: 'secret-pass', domain: 'https://v.example.com', tokenSecret: '' },
    };
    const u = await setupTestApp(kind, { storage });
    try {
      const cookie = await u.login();
      const v = await video(u, cookie, '又拍视频');
      const pic = await picture(u, cookie, '又拍图');
      // The poster was already removed by hand (404): still done. The video file: the service is down once.
      answers.upyun.push(
        () => new HttpResponse('busy', { status: 503 }),
        () => new HttpResponse('{"msg":"file or directory not found"}', { status: 404 }),
      );
      expect((await u.call('DELETE', `/api/video_stores/${v.id}`, { cookie })).status).toBe(200);
      await expect.poll(() => seen.length).toBe(2);
      expect(seen.map((s) => `${s.method} ${s.url.pathname}`).sort()).toEqual([`DELETE /truck-video/${v.key}`, `DELETE /truck-video/${v.posterKey}`].sort());
      const password = createHash('md5').update('secret-pass').digest('hex');
      for (const s of seen) {
        const date = s.headers.get('date')!;
        expect(Date.now() - new Date(date).getTime()).toBeLessThan(60_000);
        expect(s.headers.get('authorization')).toBe(`UPYUN op:${createHmac('sha1', password).update(`DELETE&${s.url.pathname}&${date}`).digest('base64')}`);
      }
      await expect.poll(async () => (await pending(u.db)).map((r) => r.lastError)).toEqual([expect.stringContaining('503')]);
      const [left] = await pending(u.db);

      seen.length = 0;
      expect(await runDeletions(u.db, storage, { now: new Date(Date.now() + 3600_000) })).toEqual({ done: 1, failed: 0 });
      expect(seen.map((s) => s.url.pathname)).toEqual([`/truck-video/${left.key}`]);
      expect(await pending(u.db)).toEqual([]);

      // A picture on Upyun has no thumbnail file (it is made on request): only the original goes.
      seen.length = 0;
      expect((await u.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie })).status).toBe(200);
      await expect.poll(() => seen.map((s) => s.url.pathname)).toEqual([`/truck-video/${pic.url.replace('https://v.example.com/', '')}`]);
    } finally {
      await u.close();
    }
  });

  it('a file on a storage this deployment has no keys for waits with the reason', async () => {
    const pic = await picture(t, admin, '旧七牛图', '#555');
    // As if it had been uploaded to Qiniu before the switch to local storage.
    await t.db.update(picStores).set({ storage: 'qiniu' }).where(eq(picStores.id, pic.id));
    expect((await t.call('DELETE', `/api/pic_stores/${pic.id}`, { cookie: admin })).status).toBe(200);
    await expect.poll(async () => (await pending()).map((r) => [r.storage, r.lastError.includes('QINIU_ACCESS_KEY')])).toEqual([['qiniu', true]]);
    expect(seen).toEqual([]);
    await t.db.delete(storageDeletions);
  });
});
