import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, badRequest } from '../http/errors';
import { image, imageJob, MAX_INPUT_PIXELS, tooManyPixels } from './images';
import { sameMediaType, sniffType } from './sniff';

/**
 * The local storage driver: files under `uploadsDir`, named by the server (`pic/2026/11/<random>.jpg`),
 * served at `/uploads/<key>`. A file is written to a temporary name and moved into place only
 * when it is complete and is what it claims to be, so a refused or broken upload leaves nothing.
 */

/** A key the server made; anything else (`..`, absolute paths, odd characters) is refused. */
export const KEY_PATTERN = /^(?:pic|video|poster|thumbs)(?:\/[0-9A-Za-z_-]+)+\.[a-z0-9]{2,5}$/;

export function localPath(uploadsDir: string, key: string): string {
  if (!KEY_PATTERN.test(key)) throw badRequest('文件路径无效', { key: '文件路径无效' });
  const full = path.resolve(uploadsDir, key);
  if (!full.startsWith(path.resolve(uploadsDir) + path.sep)) throw badRequest('文件路径无效', { key: '文件路径无效' });
  return full;
}

export interface Received {
  size: number;
  sha256: string;
  mime: string;
}

/**
 * Streams a request body into `key`: counts bytes against `maxBytes` (413), checks the first bytes
 * against the declared type (415), hashes as it goes. Any failure removes the partial file.
 */
export async function receiveFile(
  body: ReadableStream<Uint8Array> | null,
  { uploadsDir, key, maxBytes, declaredType }: { uploadsDir: string; key: string; maxBytes: number; declaredType: string },
): Promise<Received> {
  if (!body) throw badRequest('没有收到文件内容');
  const target = localPath(uploadsDir, key);
  const tmpDir = path.join(uploadsDir, '.tmp');
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
  // Opened before anything can fail: a stream that opens lazily could create the file after the
  // clean-up below has already removed it, leaving a stray temporary file.
  const out = (await open(tmp, 'wx')).createWriteStream();
  const hash = createHash('sha256');
  const reader = body.getReader();
  let size = 0;
  let head: Uint8Array = new Uint8Array(0);
  let sniffed: string | null | undefined;
  const write = (chunk: Uint8Array) => new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new ApiError(413, `文件过大（上限 ${formatBytes(maxBytes)}）`);
      if (sniffed === undefined) {
        head = concat(head, value);
        if (head.byteLength >= 16) sniffed = check(head, declaredType);
      }
      hash.update(value);
      await write(value);
    }
    if (sniffed === undefined) sniffed = check(head, declaredType);
    if (size === 0) throw badRequest('文件是空的');
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tmp, target);
    return { size, sha256: hash.digest('hex'), mime: sniffed ?? declaredType };
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    out.destroy();
    await rm(tmp, { force: true });
    throw err;
  }
}

function check(head: Uint8Array, declaredType: string): string {
  const sniffed = sniffType(head);
  if (!sniffed || !sameMediaType(declaredType, sniffed))
    throw new ApiError(415, '文件内容与声明的类型不符（只接受真实的 jpg、png、gif、webp 图片或 mp4、mov、webm 视频）');
  return sniffed;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}

/** Thumbnails are webp, at most this wide. */
export const THUMB_WIDTH = 320;

/** The thumbnail key of a local picture. */
export const thumbKeyOf = (key: string) => `thumbs/${key.replace(/\.[a-z0-9]+$/, '')}.webp`;

/**
 * Reads a stored picture's size and writes its thumbnail (`thumbs/<key>.webp`). A file sharp
 * cannot read is not a picture: 400. The size is read from the header first and a picture over
 * MAX_INPUT_PIXELS is refused (413) before anything decodes it; every sharp instance has that
 * limit too (server/storage/images.ts), and at most MAX_IMAGE_JOBS pictures are worked on at once.
 */
export async function describePicture(uploadsDir: string, key: string): Promise<{ width: number; height: number; thumbKey: string }> {
  const file = localPath(uploadsDir, key);
  const thumbKey = thumbKeyOf(key);
  return imageJob(async () => {
    try {
      const meta = await image(file, { animated: false }).metadata();
      if (!meta.width || !meta.height) throw badRequest('图片无法解析（文件可能已损坏）');
      if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
      // EXIF orientation 5–8 turns the picture a quarter: its upright size swaps the two sides.
      const turned = (meta.orientation ?? 1) >= 5;
      const width = turned ? meta.height : meta.width;
      const height = turned ? meta.width : meta.height;
      const thumbFile = localPath(uploadsDir, thumbKey);
      await mkdir(path.dirname(thumbFile), { recursive: true });
      // Written aside and moved into place: two registrations of one key never see half a file.
      const tmp = `${thumbFile}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await image(file, { animated: false, sequentialRead: true })
          .rotate()
          .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toFile(tmp);
        await rename(tmp, thumbFile);
      } finally {
        await rm(tmp, { force: true });
      }
      return { width, height, thumbKey };
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
      throw badRequest('图片无法解析（文件可能已损坏）');
    }
  });
}

/** Removes stored files, ignoring ones already gone. */
export async function removeFiles(uploadsDir: string, keys: string[]) {
  await Promise.all(keys.filter((k) => KEY_PATTERN.test(k)).map((k) => rm(localPath(uploadsDir, k), { force: true })));
}

export async function fileExists(uploadsDir: string, key: string): Promise<boolean> {
  return stat(localPath(uploadsDir, key)).then(
    (s) => s.isFile(),
    () => false,
  );
}
