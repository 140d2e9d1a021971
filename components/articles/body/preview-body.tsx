'use client';

import { useEffect, useMemo, useState } from 'react';
import { BY_IDS_MAX, libraryByIds, type LibraryKind, type ResolvedItem } from '@/lib/api/media';
import { productApi, type TruckProduct } from '@/lib/api/product';
import { isOk } from '@/lib/api/resource';
import { readerTitle } from '@/lib/resources/media';
import { topicApi, type Activity, type VrPanorama } from '@/lib/api/topic';
import { splitBody, type BlockRef, type BodyPiece } from './blocks';

/**
 * The body renderer of the preview (`/article/preview`), also used by the review drawer (issue 15):
 * the stored, sanitized HTML with each custom block drawn from its `data-*` ids (DESIGN §7), not
 * from what the editor showed inside it: the player with its poster, the VR card, the price card
 * with the product host's guide price, the vote, the gallery. The library items of the whole body
 * are resolved in one call per library (loadBodyMedia), never one per block or picture (issue 14 F9).
 */

/** Library pictures and videos of a body, by id; null while loading. */
export type BodyMedia = { pic: Map<number, ResolvedItem>; video: Map<number, ResolvedItem> };

/**
 * Resolves every library item a body names (its gallery and video blocks, and the video article's
 * own video): the ids of each library deduplicated and fetched in one call (more only past
 * BY_IDS_MAX, which a body saved under the caps never reaches). A failed call leaves its items out:
 * their blocks say they cannot be loaded.
 */
export async function loadBodyMedia(
  pieces: BodyPiece[],
  extraVideoIds: number[] = [],
  byIds: (kind: LibraryKind, ids: number[]) => Promise<ResolvedItem[] | null> = libraryByIds,
): Promise<BodyMedia> {
  const wanted: Record<LibraryKind, Set<number>> = { pic: new Set(), video: new Set(extraVideoIds) };
  for (const p of pieces) {
    if (p.type !== 'block') continue;
    if (p.block.kind === 'gallery') for (const id of p.block.ids) wanted.pic.add(id);
    if (p.block.kind === 'video') wanted.video.add(p.block.id);
  }
  const media: BodyMedia = { pic: new Map(), video: new Map() };
  await Promise.all(
    (['pic', 'video'] as const).map(async (kind) => {
      const ids = [...wanted[kind]];
      for (let at = 0; at < ids.length; at += BY_IDS_MAX) {
        for (const item of (await byIds(kind, ids.slice(at, at + BY_IDS_MAX))) ?? []) media[kind].set(item.id, item);
      }
    }),
  );
  return media;
}

/** What the body renderer needs of an article (or a short video: kind `video`, no body). */
export interface BodySource {
  kind: string;
  content?: string | null;
  images?: Array<{ url: string; caption: string }> | null;
  videoStoreId?: number | null;
  cover?: string | null;
}

/**
 * The body as readers see it: a video article's (or short video's) player, a gallery's pictures,
 * then the text with each custom block drawn from its ids. Shared by the preview page and the
 * review drawer (issue 15); the block classes are styled by PREVIEW_CSS.
 */
export function ArticleBody({ article }: { article: BodySource }) {
  const content = article.content ?? '';
  const images = article.images ?? [];
  const pieces = useMemo(() => splitBody(content), [content]);
  const media = useBodyMedia(pieces, article.kind === 'video' && article.videoStoreId ? [article.videoStoreId] : []);
  return (
    <>
      {article.kind === 'video' && article.videoStoreId ? <VideoBlock id={article.videoStoreId} poster={article.cover ?? undefined} media={media} /> : null}
      {article.kind === 'gallery' && (
        <div className="preview-gallery-article">
          {images.length === 0 ? <p className="preview-empty">图集还没有图片</p> : null}
          {images.map((img, i) => (
            <figure key={`${img.url}-${i}`}>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={img.url} alt={img.caption || `第 ${i + 1} 张`} />
              <figcaption>
                {i + 1}/{images.length}　{img.caption}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
      <Body pieces={pieces} media={media} />
    </>
  );
}

/** The body's library items, loaded once per body (loadBodyMedia). */
export function useBodyMedia(pieces: BodyPiece[], extraVideoIds: number[]): BodyMedia | null {
  const [media, setMedia] = useState<BodyMedia | null>(null);
  const extra = extraVideoIds.join(',');
  useEffect(() => {
    let live = true;
    void loadBodyMedia(pieces, extra ? extra.split(',').map(Number) : []).then((m) => live && setMedia(m));
    return () => {
      live = false;
    };
  }, [pieces, extra]);
  return media;
}

function Body({ pieces, media }: { pieces: BodyPiece[]; media: BodyMedia | null }) {
  return (
    <div className="preview-body">
      {pieces.map((p, i) =>
        p.type === 'html' ? (
          // The stored body was sanitized by the server's allow-list on save. A picture the author
          // gave no description is shown as decorative (alt=""), as the site does.
          <div key={i} dangerouslySetInnerHTML={{ __html: p.html.replace(/<img(?![^>]*\salt=)/g, '<img alt=""') }} />
        ) : (
          <Block key={i} block={p.block} media={media} />
        ),
      )}
    </div>
  );
}

function Block({ block, media }: { block: BlockRef; media: BodyMedia | null }) {
  switch (block.kind) {
    case 'video':
      return <VideoBlock id={block.id} media={media} />;
    case 'vr':
      return <VrBlock id={block.id} />;
    case 'inquiry':
      return <InquiryBlock productId={block.productId} />;
    case 'vote':
      return <VoteBlock id={block.id} />;
    case 'gallery':
      return <GalleryBlock ids={block.ids} media={media} />;
  }
}

function Missing({ what }: { what: string }) {
  return <div className="preview-block preview-missing">{what}已不存在或暂时无法加载</div>;
}

function VideoBlock({ id, poster, media }: { id: number; poster?: string; media: BodyMedia | null }) {
  const video = media ? (media.video.get(id) ?? false) : null;
  if (video === false) return <Missing what={`视频 #${id} `} />;
  return (
    <figure className="preview-block preview-video" data-testid="preview-video" data-video-id={id}>
      <video
        controls
        preload="none"
        poster={poster || (video ? video.cover : undefined)}
        src={video?.playUrl || undefined}
        aria-label={(video && readerTitle(video.title)) || '视频'}
      />
      {video && readerTitle(video.title) && <figcaption>{readerTitle(video.title)}</figcaption>}
    </figure>
  );
}

function VrBlock({ id }: { id: number }) {
  const [vr, setVr] = useState<VrPanorama | null | false>(null);
  useEffect(() => {
    let live = true;
    void topicApi.vr({ id }).then((r) => live && setVr(isOk(r) && r.data.list[0] ? r.data.list[0] : false));
    return () => {
      live = false;
    };
  }, [id]);
  if (vr === false) return <Missing what={`VR 全景 #${id} `} />;
  if (!vr) return <div className="preview-block">VR 全景加载中…</div>;
  return (
    <a className="preview-block preview-card" data-testid="preview-vr" href={vr.link} target="_blank" rel="noopener noreferrer">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      {vr.cover && <img src={vr.cover} alt="" />}
      <span>
        <strong>VR 全景 · {vr.title}</strong>
        <small>
          {vr.vehicle.brandName} {vr.vehicle.seriesName} · 点击进入 360° 看车
        </small>
      </span>
    </a>
  );
}

function InquiryBlock({ productId }: { productId: number }) {
  const [product, setProduct] = useState<TruckProduct | null | false>(null);
  useEffect(() => {
    let live = true;
    void productApi.products({ id: productId }).then((r) => live && setProduct(isOk(r) && r.data.list[0] ? r.data.list[0] : false));
    return () => {
      live = false;
    };
  }, [productId]);
  if (product === false) return <Missing what={`车型 #${productId} `} />;
  if (!product) return <div className="preview-block">询价卡片加载中…</div>;
  return (
    <div className="preview-block preview-inquiry" data-testid="preview-inquiry">
      <div>
        <strong>{product.name}</strong>
        <small>
          {product.brandName} · {product.seriesName} · {product.engine} {product.horsepower}马力 {product.drive}
        </small>
      </div>
      <div className="preview-price">
        厂商指导价 <b>{product.guidePrice}</b> 万元
      </div>
      <span className="preview-button">询底价</span>
    </div>
  );
}

function VoteBlock({ id }: { id: number }) {
  const [activity, setActivity] = useState<Activity | null | false>(null);
  useEffect(() => {
    let live = true;
    void topicApi.activities({ id }).then((r) => live && setActivity(isOk(r) && r.data.list[0] ? r.data.list[0] : false));
    return () => {
      live = false;
    };
  }, [id]);
  if (activity === false) return <Missing what={`投票 #${id} `} />;
  if (!activity) return <div className="preview-block">投票加载中…</div>;
  const total = Math.max(1, activity.totalVotes);
  return (
    <fieldset className="preview-block preview-vote" data-testid="preview-vote">
      <legend>投票 · {activity.title}</legend>
      {activity.options.map((o) => (
        <label key={o.id}>
          <input type={activity.maxChoices > 1 ? 'checkbox' : 'radio'} name={`vote-${id}`} disabled />
          <span>{o.title}</span>
          <meter min={0} max={total} value={o.votes} aria-label={`${o.title} 得票`} />
          <small>{o.votes} 票</small>
        </label>
      ))}
      <small>
        共 {activity.totalVotes} 票 · {activity.status === 1 ? '进行中' : activity.status === 0 ? '未开始' : '已结束'}
      </small>
    </fieldset>
  );
}

function GalleryBlock({ ids, media }: { ids: number[]; media: BodyMedia | null }) {
  if (!media) return <div className="preview-block">图集加载中…</div>;
  const shown = ids.map((id) => media.pic.get(id)).filter((p): p is ResolvedItem => Boolean(p));
  if (!shown.length) return <Missing what="图集的图片" />;
  return (
    <div className="preview-block preview-gallery" data-testid="preview-gallery">
      {shown.map((p, i) => (
        <figure key={`${p.id}-${i}`}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={p.url} alt={readerTitle(p.title)} loading="lazy" />
          <figcaption>
            {i + 1}/{shown.length} {readerTitle(p.title)}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

/** The reading styles of the body and its blocks (the preview page adds its page frame). */
export const PREVIEW_CSS = `
.article-preview { background: #fff; min-height: 100vh; font: 17px/1.85 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif; color: #1f1f1f; }
.preview-banner { margin: 0 0 16px; padding: 6px 12px; background: #fffbe6; border: 1px solid #ffe58f; border-radius: 4px; font-size: 13px; color: #614700; }
.preview-title { font-size: 28px; line-height: 1.4; margin: 0 0 8px; }
.preview-subtitle { font-size: 18px; color: #595959; margin: 0 0 8px; }
.preview-meta { font-size: 13px; color: #595959; margin: 0 0 16px; }
.preview-summary { padding: 12px 16px; background: #f5f5f5; border-left: 4px solid #1677ff; color: #434343; }
.preview-body img, .preview-gallery-article img { max-width: 100%; height: auto; }
.preview-body table { border-collapse: collapse; } .preview-body td, .preview-body th { border: 1px solid #d9d9d9; padding: 4px 8px; }
.preview-block { margin: 20px 0; }
.preview-video video { width: 100%; aspect-ratio: 16 / 9; background: #000; border-radius: 6px; }
.preview-video figcaption, figure figcaption { font-size: 13px; color: #595959; text-align: center; }
.preview-card { display: flex; gap: 16px; align-items: center; padding: 12px; border: 1px solid #d9d9d9; border-radius: 8px; color: inherit; text-decoration: none; }
.preview-card img { width: 200px; height: 112px; object-fit: cover; border-radius: 6px; flex: none; }
.preview-card strong, .preview-inquiry strong { display: block; }
.preview-card small, .preview-inquiry small { display: block; color: #595959; font-size: 13px; }
.preview-inquiry { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; justify-content: space-between; padding: 16px; border: 1px solid #ffd591; background: #fff7e6; border-radius: 8px; }
.preview-price b { color: #d4380d; font-size: 22px; }
.preview-button { padding: 6px 16px; background: #d4380d; color: #fff; border-radius: 4px; }
.preview-vote { border: 1px solid #d9d9d9; border-radius: 8px; padding: 12px 16px; }
.preview-vote legend { font-weight: 600; padding: 0 6px; }
.preview-vote label { display: grid; grid-template-columns: auto 1fr 120px 60px; gap: 8px; align-items: center; }
.preview-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px; }
.preview-gallery figure, .preview-gallery-article figure { margin: 0 0 12px; }
.preview-gallery img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 4px; }
.preview-missing, .preview-empty { padding: 12px; background: #fff1f0; border: 1px solid #ffccc7; border-radius: 6px; color: #a8071a; }
.preview-error h1 { font-size: 22px; }
@media (max-width: 600px) { .preview-card { flex-direction: column; align-items: stretch; } .preview-card img { width: 100%; height: auto; } .preview-vote label { grid-template-columns: auto 1fr 60px; } .preview-vote meter { display: none; } }
`;
