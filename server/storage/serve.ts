import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { securityHeaders } from '../../lib/security-headers';
import { KEY_PATTERN, localPath } from './local';
import { TYPE_OF_EXTENSION } from '../../lib/media-types';
import { isServable } from './tickets';
import type { DbOrTx } from '../db/types';

const notFound = () =>
  new Response('This page could not be found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders({ https: false }) } });

/**
 * Serves a file of the local storage driver at `/uploads/<key>`: only keys the server made (no
 * `..`, no dot files, no folders), with the type their extension stands for (never sniffed),
 * `nosniff`, and byte ranges so a video can be sought. Keys are random and never reused, so a file
 * may be cached for a year. An upload that is not registered yet is not served (404).
 */
export async function serveUpload(req: Request, uploadsDir: string, db: DbOrTx): Promise<Response> {
  let key: string;
  try {
    key = decodeURIComponent(new URL(req.url).pathname.replace(/^\/uploads\//, ''));
  } catch {
    return notFound(); // a malformed percent escape names no file (issue 14 I1)
  }
  if (!KEY_PATTERN.test(key)) return notFound();
  const type = TYPE_OF_EXTENSION[key.split('.').pop()!];
  if (!type) return notFound();
  const file = localPath(uploadsDir, key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return notFound();
  // An upload is public only once it is registered (issue 14 F10).
  if (!(await isServable(db, key))) return notFound();

  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    'accept-ranges': 'bytes',
    ...securityHeaders({ https: false }),
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.get('range') ?? '');
  let start = 0;
  let end = info.size - 1;
  let status = 200;
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
    if (start > end || start >= info.size) return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${info.size}` } });
    status = 206;
    headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
  }
  headers['content-length'] = String(end - start + 1);
  if (req.method === 'HEAD') return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
