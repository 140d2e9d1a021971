import { mediaOwnerNames, type ResourceDef } from '../../lib/resources/define';
import type { MediaKind } from '../../lib/media-types';

/**
 * What the API derives from its resources' declarations instead of keeping lists: the operation
 * log's names, the library's names for the owners of a picture, and who may upload. Computed once
 * from the registry (server/resources.ts `CATALOGUE`) and handed to the sub-apps that need it.
 */
export interface Catalogue {
  /** Operation-log resource → its Chinese name (the log screen's filter): `friend_links` → 友情链接. */
  logged: Readonly<Record<string, string>>;
  /** `media_usage.owner_type` → its Chinese name (the library's "used by" and delete refusal). */
  ownerNames: Readonly<Record<string, string>>;
  /** Route permissions that may ask for an upload ticket of each kind. */
  uploaders: Readonly<Record<MediaKind, readonly string[]>>;
}

/** Owners of library items that are not declared resources with image fields (articles record their own). */
const OTHER_OWNERS = { article: '文章', focus: '焦点图' /* rows written before the four focus families had names */ };

/**
 * Uploading is part of several screens (DESIGN §4, §7): the libraries, the editors (pasted images,
 * the 视频 and 图集 buttons) and the screen of every resource with an `image` field (declared).
 */
const EDITORS = ['/article/addArticle', '/article/addImage', '/article/addVideo', '/article/createVideo'];

export function catalogueOf(defs: readonly ResourceDef[]): Catalogue {
  const imageOwners = defs.filter((def) => def.fields.some((f) => f.input === 'image')).map((def) => def.permission);
  return {
    // With the writers that are not declared resources, articles first (the log's most used filter).
    logged: {
      articles: '文章',
      ...Object.fromEntries(defs.map((def) => [def.name, def.label])),
      profile: '个人资料',
      statistics: '数据统计',
      api_keys: 'API 密钥',
      webhooks: 'Webhook 推送',
    },
    ownerNames: { ...OTHER_OWNERS, ...mediaOwnerNames(defs) },
    uploaders: {
      pic: [...new Set(['/photo', ...EDITORS, ...imageOwners])],
      video: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
      poster: ['/video', '/article/addArticle', '/article/addVideo', '/article/createVideo'],
    },
  };
}

/** Everyone who may ask for an upload ticket of some kind. */
export const anyUploader = (uploaders: Catalogue['uploaders']) => [...new Set(Object.values(uploaders).flat())];
