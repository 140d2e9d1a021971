import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { splitBody, type BodyPiece } from '../../lib/article-blocks';
import { picStores, videoStores } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { playUrl } from '../media/library';
import { findActivity, findVr } from '../hosts/topic';
import { truckProduct } from '../hosts/product';
import type { StorageConfig } from '../storage/config';
import { readerTitle } from '../../lib/resources/media';
import { earliest } from './query';

/**
 * An article body for the site (DESIGN §12): the stored HTML (sanitized by the allow-list on every
 * save, server/content/sanitize.ts) cut into pieces, each custom block resolved as data instead of
 * the editor's thumbnail HTML: a video's play URL and poster, a VR panorama, a 询价 block's brand,
 * series and version, a vote, a gallery's pictures with captions. The library items of a whole body
 * are read in one query per library. VR, 询价 and 投票 come from the built-in product and topic hosts
 * (server/hosts). A block whose item is gone is `{ kind, missing: true }` with its ids.
 */

const video = z.object({
  kind: z.literal('video'),
  id: z.number().int(),
  title: z.string(),
  playUrl: z.string(),
  poster: z.string(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});
const vr = z.object({
  kind: z.literal('vr'),
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  link: z.string(),
  vehicle: z.object({ brandId: z.number().int(), brandName: z.string(), seriesId: z.number().int(), seriesName: z.string() }),
});
const inquiry = z.object({
  kind: z.literal('inquiry'),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  series: z.object({ id: z.number().int(), name: z.string() }),
  version: z.object({
    id: z.number().int(),
    name: z.string(),
    guidePrice: z.number().describe('万元'),
    drive: z.string(),
    horsepower: z.number(),
    fuel: z.string(),
  }),
});
const vote = z.object({
  kind: z.literal('vote'),
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  maxChoices: z.number().int(),
  options: z.array(z.object({ id: z.number().int(), title: z.string(), votes: z.number().int() })),
  totalVotes: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.number().int().describe('0 未开始 · 1 进行中 · 2 已结束 (at the time of the answer)'),
});
const picture = z.object({ id: z.number().int().nullable(), url: z.string(), caption: z.string(), width: z.number().int(), height: z.number().int() });
const gallery = z.object({ kind: z.literal('gallery'), pictures: z.array(picture) });
const missing = z.object({
  kind: z.enum(['video', 'vr', 'inquiry', 'vote', 'gallery']),
  missing: z.literal(true),
  ids: z.array(z.number().int()),
});

export const blockSchema = z.union([video, vr, inquiry, vote, gallery, missing]);
export const bodyPieceSchema = z.union([z.object({ type: z.literal('html'), html: z.string() }), z.object({ type: z.literal('block'), block: blockSchema })]);
export const pictureSchema = picture;
export const videoSchema = video;
export type Block = z.infer<typeof blockSchema>;
export type ResolvedPiece = z.infer<typeof bodyPieceSchema>;
type Video = z.infer<typeof video>;

/** A signed play URL stops working: an answer carrying one changes (is re-signed) a while before. */
const SIGNED_URL_MARGIN_MS = 10 * 60_000;

/** The library items a set of bodies (and video articles) name, read in one query per library. */
export async function loadMedia(db: DbOrTx, storage: StorageConfig, picIds: Iterable<number>, videoIds: Iterable<number>) {
  const pics = [...new Set(picIds)];
  const vids = [...new Set(videoIds)];
  const [picRows, videoRows] = await Promise.all([
    pics.length
      ? db
          .select({ id: picStores.id, url: picStores.url, title: picStores.title, width: picStores.width, height: picStores.height })
          .from(picStores)
          .where(inArray(picStores.id, pics))
      : [],
    vids.length ? db.select().from(videoStores).where(inArray(videoStores.id, vids)) : [],
  ]);
  let next: Date | null = null;
  const videos = new Map<number, Video>();
  for (const v of videoRows) {
    const play = playUrl(storage, v);
    // A signed URL (Upyun _upt, a private Qiniu bucket) expires: the answer must be fetched anew before.
    if (play.url !== v.url) next = earliest([next, new Date(Date.parse(play.expiresAt) - SIGNED_URL_MARGIN_MS)]);
    videos.set(v.id, {
      kind: 'video',
      id: v.id,
      title: readerTitle(v.title),
      playUrl: play.url,
      poster: v.cover,
      duration: v.duration,
      width: v.width,
      height: v.height,
    });
  }
  return { pics: new Map(picRows.map((p) => [p.id, p])), videos, next };
}

export type Media = Awaited<ReturnType<typeof loadMedia>>;

/** The library ids a body's blocks name. */
export function bodyMediaIds(pieces: BodyPiece[]) {
  const picIds: number[] = [];
  const videoIds: number[] = [];
  for (const p of pieces) {
    if (p.type !== 'block') continue;
    if (p.block.kind === 'gallery') picIds.push(...p.block.ids);
    if (p.block.kind === 'video') videoIds.push(p.block.id);
  }
  return { picIds, videoIds };
}

/**
 * The body's pieces with each block resolved; `next`: the earliest time one of them changes by
 * itself (a vote opening or closing, a signed play URL to be renewed).
 */
export function resolveBody(pieces: BodyPiece[], media: Media, now: Date): { body: ResolvedPiece[]; next: Date | null } {
  const times: Array<Date | null> = [media.next];
  const body = pieces.map((p): ResolvedPiece => {
    if (p.type === 'html') return p;
    const b = p.block;
    switch (b.kind) {
      case 'video': {
        const v = media.videos.get(b.id);
        return { type: 'block', block: v ?? { kind: 'video', missing: true, ids: [b.id] } };
      }
      case 'vr': {
        const found = findVr(b.id);
        return {
          type: 'block',
          block: found
            ? { kind: 'vr', id: found.id, title: found.title, cover: found.cover, link: found.link, vehicle: found.vehicle }
            : { kind: 'vr', missing: true, ids: [b.id] },
        };
      }
      case 'inquiry': {
        const product = truckProduct(b.productId);
        if (!product) return { type: 'block', block: { kind: 'inquiry', missing: true, ids: [b.seriesId, b.productId] } };
        return {
          type: 'block',
          block: {
            kind: 'inquiry',
            brand: { id: product.brandId, name: product.brandName },
            series: { id: product.seriesId, name: product.seriesName },
            version: {
              id: product.id,
              name: product.name,
              guidePrice: product.guidePrice,
              drive: product.drive,
              horsepower: product.horsepower,
              fuel: product.fuel,
            },
          },
        };
      }
      case 'vote': {
        const a = findActivity(b.id, now);
        if (!a) return { type: 'block', block: { kind: 'vote', missing: true, ids: [b.id] } };
        for (const edge of [a.startAt, a.endAt]) if (Date.parse(edge) > now.getTime()) times.push(new Date(edge));
        return { type: 'block', block: { kind: 'vote', ...a } };
      }
      case 'gallery': {
        const pictures = b.ids.flatMap((id) => {
          const pic = media.pics.get(id);
          return pic ? [{ id, url: pic.url, caption: readerTitle(pic.title), width: pic.width, height: pic.height }] : [];
        });
        return { type: 'block', block: pictures.length ? { kind: 'gallery', pictures } : { kind: 'gallery', missing: true, ids: b.ids } };
      }
    }
  });
  return { body, next: earliest(times) };
}

/** Splits a stored body (lib/article-blocks.ts, the preview's own reading). */
export const bodyPieces = (html: string) => splitBody(html);
