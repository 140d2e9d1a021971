import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { picStores, uploadTickets, videoStores } from '@/server/db/schema';
import { defaultKinds, type StorageConfig } from '@/server/storage/config';
import { runDeletions } from '@/server/storage/deletions';
import { serveUpload } from '@/server/storage/serve';
import { scheduleUploadSweep } from '@/server/storage/tickets';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 14, storage stream: a decompression bomb is refused before it is decoded (F3); deleting
 * one's own video never removes another item's poster (F6); uploads have a per-person quota, are
 * not served before they are registered, and abandoned ones are swept on a timer (F10).
 */

const png = (width: number, height: number, color = '#c00') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (color = '#036') =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const mp4 = (n = 1) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16, n)]);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The review's bomb (security-content F3): a black 16383×16383 RGB PNG, Adam7-interlaced, so it
 * cannot be decoded row by row (≈ 800 MB decoded), compressed to a few MB. Made here, never stored.
 */
async function interlacedBomb(): Promise<Buffer> {
  const W = 16383;
  const H = 16383;
  let raw = 0;
  for (const [xs, ys, dx, dy] of [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ]) {
    raw += Math.ceil((H - ys) / dy) * (1 + 3 * Math.ceil((W - xs) / dx));
  }
  // Every scanline is filter 0 and black pixels: the whole stream is zeros.
  const deflate = zlib.createDeflate({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const zero = Buffer.alloc(8 << 20);
  for (let left = raw; left > 0; left -= zero.length) {
    if (!deflate.write(left >= zero.length ? zero : zero.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  await new Promise((r) => {
    deflate.on('end', r);
    deflate.end();
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 1], 8); // 8-bit RGB, interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(DB_KINDS)('storage hardening on %s', (kind) => {
  let t: TestContext;
  let admin: string;

  const serve = (ctx: TestContext, url: string) => serveUpload(new Request(`http://localhost${url}`), ctx.uploadsDir, ctx.db);
  const fileOf = (ctx: TestContext, url: string) => path.join(ctx.uploadsDir, url.replace('/uploads/', ''));
  /** Ticket and upload (local driver); returns the ticket. */
  const upload = async (ctx: TestContext, cookie: string, kindOf: 'pic' | 'video' | 'poster', file: Buffer, mime: string) => {
    const res = await ctx.call('POST', '/api/upload_token', { cookie, body: { kind: kindOf, size: file.length, mime } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ticket = res.body.data;
    const put = await ctx.app.request(`http://localhost${ticket.url}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': mime, 'x-test-peer': '10.0.0.1' },
      body: new Uint8Array(file),
    });
    expect(put.status).toBe(200);
    return ticket as { key: string; url: string };
  };
  const video = async (ctx: TestContext, cookie: string, title: string, n: number) => {
    const { key } = await upload(ctx, cookie, 'video', mp4(n), 'video/mp4');
    const { key: posterKey } = await upload(ctx, cookie, 'poster', await jpeg(`#0${n}6`), 'image/jpeg');
    const res = await ctx.call('POST', '/api/video_stores', { cookie, body: { key, posterKey, title, duration: 12 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; cover: string; url: string };
  };

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('F3: a 16383×16383 interlaced PNG is refused at once with a Chinese 413, leaves nothing; a normal picture registers with its thumbnail', async () => {
    const bomb = await interlacedBomb();
    expect(bomb.length).toBeLessThan(20 * 1024 * 1024);
    const ticket = await upload(t, admin, 'pic', bomb, 'image/png');
    const started = performance.now();
    const res = await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: ticket.key, title: '炸弹' } });
    const took = performance.now() - started;
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('图片尺寸过大（最多 5000 万像素）');
    // Decoding it whole took 3.6 s (and 850 MB) in the review; reading its header takes milliseconds.
    expect(took).toBeLessThan(3000);
    expect(await t.db.select().from(picStores).where(eq(picStores.key, ticket.key))).toEqual([]);
    expect(await exists(path.join(t.uploadsDir, ticket.key))).toBe(false);
    expect(await exists(path.join(t.uploadsDir, `thumbs/${ticket.key.replace(/\.png$/, '.webp')}`))).toBe(false);
    // The ticket is gone: the same key cannot be tried again.
    expect((await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: ticket.key } })).status).toBe(400);

    const ok = await upload(t, admin, 'pic', await png(1200, 800), 'image/png');
    const item = await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: ok.key, title: '正常图' } });
    expect(item.status).toBe(200);
    expect(item.body.data).toMatchObject({ width: 1200, height: 800 });
    const thumb = await serve(t, item.body.data.thumbUrl);
    expect(thumb.status).toBe(200);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);
  }, 60_000);

  it("F6: deleting one's own video whose cover names another video's poster under another prefix keeps that poster", async () => {
    const victim = await video(t, admin, '主编的视频', 1);
    expect((await serve(t, victim.cover)).status).toBe(200);
    const editor = await createStaff(t, admin, { username: 'f6editor', routes: ['/video'], level: 3 });
    const own = await video(t, editor.cookie, '编辑自己的视频', 2);
    // Someone else's video is not theirs to change…
    expect((await t.call('PUT', `/api/video_stores/${victim.id}`, { cookie: editor.cookie, body: { title: 'x' } })).status).toBe(403);
    // …but their own video's cover may name any picture, the other's poster key under another prefix too.
    const forged = `/uploads/x1/${victim.cover.replace('/uploads/', '')}`;
    expect((await t.call('PUT', `/api/video_stores/${own.id}`, { cookie: editor.cookie, body: { cover: forged } })).status).toBe(200);
    expect((await t.call('DELETE', `/api/video_stores/${own.id}`, { cookie: editor.cookie })).status).toBe(200);
    await runDeletions(t.db, { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 });
    expect((await serve(t, victim.cover)).status).toBe(200);
    // Their own files went: the video and the poster uploaded with it.
    await expect.poll(async () => [await exists(fileOf(t, own.url)), await exists(fileOf(t, own.cover))]).toEqual([false, false]);
  });

  it('F6: a poster replaced by a new poster upload is removed from storage; one shown elsewhere is kept', async () => {
    const v = await video(t, admin, '换封面', 3);
    const { key: next } = await upload(t, admin, 'poster', await jpeg('#363'), 'image/jpeg');
    const res = await t.call('PUT', `/api/video_stores/${v.id}`, { cookie: admin, body: { posterKey: next } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.cover).toBe(`/uploads/${next}`);
    await runDeletions(t.db, { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 });
    expect(await exists(fileOf(t, v.cover))).toBe(false);
    expect((await serve(t, `/uploads/${next}`)).status).toBe(200);
    // A poster ticket is used once.
    expect((await t.call('PUT', `/api/video_stores/${v.id}`, { cookie: admin, body: { posterKey: next } })).status).toBe(409);
    // The poster another video shows as its cover stays when this one gets a new poster.
    const shown = await video(t, admin, '借用封面', 4);
    expect((await t.call('PUT', `/api/video_stores/${shown.id}`, { cookie: admin, body: { cover: `/uploads/${next}` } })).status).toBe(200);
    const { key: third } = await upload(t, admin, 'poster', await jpeg('#393'), 'image/jpeg');
    expect((await t.call('PUT', `/api/video_stores/${v.id}`, { cookie: admin, body: { posterKey: third } })).status).toBe(200);
    await runDeletions(t.db, { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 });
    expect((await serve(t, `/uploads/${next}`)).status).toBe(200);
    // Someone else's poster upload cannot be taken.
    const other = await createStaff(t, admin, { username: 'f6other', routes: ['/video'], level: 3 });
    const { key: theirs } = await upload(t, other.cookie, 'poster', await jpeg('#633'), 'image/jpeg');
    expect((await t.call('PUT', `/api/video_stores/${v.id}`, { cookie: admin, body: { posterKey: theirs } })).status).toBe(400);
  });

  it('F6: the migration gives existing videos their poster only where the cover is certainly their own poster upload', async () => {
    const a = await video(t, admin, '老视频甲', 5);
    const b = await video(t, admin, '老视频乙', 6);
    const c = await video(t, admin, '老视频丙', 8);
    // Before the migration there was no poster_key; b's cover names c's poster, c's shows it too.
    await t.db.update(videoStores).set({ posterKey: null });
    await t.db.update(videoStores).set({ cover: c.cover }).where(eq(videoStores.id, b.id));
    const migration = await readFile(path.join(process.cwd(), 'server/db/migrations/0022_video_poster_key.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'))!;
    await t.db.execute(sql.raw(backfill));
    const keys = Object.fromEntries(
      (await t.db.select({ id: videoStores.id, posterKey: videoStores.posterKey }).from(videoStores)).map((r) => [r.id, r.posterKey]),
    );
    expect(keys[a.id]).toBe(a.cover.replace('/uploads/', ''));
    expect([keys[b.id], keys[c.id]]).toEqual([null, null]);
  });

  it('F10: an upload is not served before it is registered; its thumbnail and poster are served after', async () => {
    const pic = await upload(t, admin, 'pic', await png(300, 200, '#0a0'), 'image/png');
    expect((await serve(t, `/uploads/${pic.key}`)).status).toBe(404);
    const item = (await t.call('POST', '/api/pic_stores', { cookie: admin, body: { key: pic.key } })).body.data;
    expect((await serve(t, item.url)).status).toBe(200);
    expect((await serve(t, item.thumbUrl)).status).toBe(200);

    const vid = await upload(t, admin, 'video', mp4(7), 'video/mp4');
    const poster = await upload(t, admin, 'poster', await jpeg('#707'), 'image/jpeg');
    expect((await serve(t, `/uploads/${vid.key}`)).status).toBe(404);
    expect((await serve(t, `/uploads/${poster.key}`)).status).toBe(404);
    const v = (await t.call('POST', '/api/video_stores', { cookie: admin, body: { key: vid.key, posterKey: poster.key } })).body.data;
    expect((await serve(t, v.url)).status).toBe(200);
    expect((await serve(t, v.cover)).status).toBe(200);
  });

  it('F10: tickets per hour and unregistered bytes per person are limited (429, in Chinese)', async () => {
    const quota: StorageConfig = {
      driver: 'local',
      uploadsDir: t.uploadsDir,
      kinds: defaultKinds(),
      ticketMinutes: 60,
      quota: { ticketsPerHour: 3, pendingBytes: 1000 },
    };
    const q = await setupTestApp(kind, { storage: quota });
    try {
      const cookie = await q.login();
      const ask = (size: number) => q.call('POST', '/api/upload_token', { cookie, body: { kind: 'pic', size, mime: 'image/png' } });
      expect((await ask(600)).status).toBe(200);
      const over = await ask(600);
      expect(over.status).toBe(429);
      expect(over.body.message).toContain('尚未登记的上传');
      expect((await ask(300)).status).toBe(200);
      expect((await ask(50)).status).toBe(200);
      const many = await ask(10);
      expect(many.status).toBe(429);
      expect(many.body.message).toContain('每小时最多 3 个');
      // Another person has their own allowance.
      const other = await createStaff(q, cookie, { username: 'quota2', routes: ['/photo'] });
      expect((await q.call('POST', '/api/upload_token', { cookie: other.cookie, body: { kind: 'pic', size: 10, mime: 'image/png' } })).status).toBe(200);
    } finally {
      await q.close();
    }
  });

  it('F10: abandoned uploads are swept on a timer, without anyone asking for a ticket', async () => {
    const pic = await upload(t, admin, 'pic', await png(100, 100, '#aa0'), 'image/png');
    const kept = await upload(t, admin, 'pic', await png(100, 100, '#0aa'), 'image/png');
    await t.db
      .update(uploadTickets)
      .set({ expiresAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(uploadTickets.key, pic.key));
    const storage: StorageConfig = { driver: 'local', uploadsDir: t.uploadsDir, kinds: defaultKinds(), ticketMinutes: 60 };
    const stop = scheduleUploadSweep(t.db, storage, { firstDelayMs: 10, everyMs: 50 });
    try {
      await expect.poll(() => exists(path.join(t.uploadsDir, pic.key)), { timeout: 5000 }).toBe(false);
      expect(await t.db.select().from(uploadTickets).where(eq(uploadTickets.key, pic.key))).toEqual([]);
      expect(await exists(path.join(t.uploadsDir, kept.key))).toBe(true);
    } finally {
      stop();
    }
  });
});
