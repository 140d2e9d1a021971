/**
 * Every declared resource, in the order the operation log offers them. The server's registry
 * (server/resources.ts) pairs each with its table and routes, and tests/unit/resources.test.ts
 * checks that the two hold the same declarations; what the server derives without importing its
 * routes (the log's names, the media owners, who may upload a picture) is derived from here.
 * @see lib/resources/define.ts
 */
import type { ResourceDef } from './define';
import { mediaOwnerNames } from './define';
import { departmentResource } from './departments';
import { userResource } from './users';
import { roleResource } from './roles';
import { categoryResource, categoryTypeResource, platformResource, tagResource, tagTypeResource, topicResource } from './taxonomy';
import { picStoreResource, picStoreTagResource, videoStoreResource, videoStoreTagResource } from './media';
import { videoResource } from './videos';
import { sensitiveWordResource } from './sensitive-words';
import {
  advertiseResource,
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  FOCUS_FAMILIES,
  friendLinkResource,
  searchKeywordResource,
} from './operations';
import { albumResource } from './albums';

export const RESOURCES: readonly ResourceDef[] = [
  departmentResource,
  userResource,
  roleResource,
  categoryTypeResource,
  categoryResource,
  platformResource,
  tagTypeResource,
  tagResource,
  topicResource,
  picStoreTagResource,
  videoStoreTagResource,
  picStoreResource,
  videoStoreResource,
  videoResource,
  sensitiveWordResource,
  ...FOCUS_FAMILIES.map((f) => f.resource),
  searchKeywordResource,
  chameleonVersionResource,
  chameleonTypeResource,
  chameleonResource,
  friendLinkResource,
  brandResource,
  advertiseResource,
  albumResource,
];

/** Owners of library pictures that are not declared resources (articles and short videos write their own usage). */
const OTHER_MEDIA_OWNERS: Record<string, string> = {
  article: '文章',
  video: '视频',
  // Rows written before the four focus families had their own names.
  focus: '焦点图',
};

/** How the library names each owner of a picture (`media_usage.owner_type` → 友情链接). */
export const MEDIA_OWNER_NAMES: Readonly<Record<string, string>> = { ...OTHER_MEDIA_OWNERS, ...mediaOwnerNames(RESOURCES) };

/** The route permissions of the screens whose records hold a picture: they may upload one. */
export const IMAGE_OWNER_ROUTES: readonly string[] = [
  ...new Set(RESOURCES.filter((def) => def.fields.some((f) => f.input === 'image')).map((def) => def.permission)),
];
