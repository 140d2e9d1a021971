import type { MediaKind } from '../storage/config';
import type { SessionUser } from '../http/types';

/**
 * Uploading is part of several screens (DESIGN §4, §7): the libraries, the editors (pasted images,
 * the 视频 and 图集 buttons) and the operation screens that take an image.
 */
export const UPLOADERS: Record<MediaKind, readonly string[]> = {
  pic: [
    '/photo',
    '/article/addArticle',
    '/article/addImage',
    '/article/addVideo',
    '/article/createVideo',
    '/store',
    '/setting/topic',
    '/operation/focus',
    '/operation/pcfocus',
    '/operation/videofocus',
    '/operation/nav',
    '/operation/friendLinks',
    '/operation/brand',
    '/operation/ad',
  ],
  video: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
  poster: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
};
/** Everyone who may ask for an upload ticket of some kind. */
export const ANY_UPLOADER = [...new Set(Object.values(UPLOADERS).flat())];

export const mayUpload = (user: SessionUser, kind: MediaKind) => UPLOADERS[kind].some((r) => user.routes.has(r));
