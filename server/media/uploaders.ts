import { IMAGE_OWNER_ROUTES } from '../../lib/resources/all';
import type { MediaKind } from '../storage/config';
import type { SessionUser } from '../http/types';

/**
 * Uploading is part of several screens (DESIGN §4, §7): the libraries, the editors (pasted images,
 * the 视频 and 图集 buttons) and the screens of every resource with an `image` field (declared).
 */
export const UPLOADERS: Record<MediaKind, readonly string[]> = {
  pic: [...new Set(['/photo', '/article/addArticle', '/article/addImage', '/article/addVideo', '/article/createVideo', ...IMAGE_OWNER_ROUTES])],
  video: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
  poster: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
};
/** Everyone who may ask for an upload ticket of some kind. */
export const ANY_UPLOADER = [...new Set(Object.values(UPLOADERS).flat())];

export const mayUpload = (user: SessionUser, kind: MediaKind) => UPLOADERS[kind].some((r) => user.routes.has(r));
