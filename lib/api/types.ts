/**
 * The browser's record types, one place: each is the `z.output` of the record schema the API
 * publishes for the route that answers it (a resource's `record`, derived from its declaration by
 * `withSchema`, lib/resources/schemas/common.ts). tests/api/answer-contract.test.ts and the CRUD
 * contract hold real answers to those schemas, so these types cannot drift from the API.
 * Types only: `import type` keeps zod and the schemas out of the browser's bundles.
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */
import type { z } from 'zod';
import type { RecordOf } from '../resources/define';
import type { albumResource } from '../resources/schemas/albums';
import type { albumArticlePage, articleListItem, articlePage } from '../resources/schemas/articles';
import type {
  advertiseResource,
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  friendLinkResource,
  searchKeywordResource,
} from '../resources/schemas/operations';
import type { picStoreResource, uploadTicketSchema, videoStoreResource } from '../resources/schemas/media';
import type { roleResource } from '../resources/schemas/roles';
import type { departmentTreeNode } from '../resources/schemas/departments';
import type { categoryTreeNode, categoryTypeResource, platformResource, tagResource, tagTypeResource, topicResource } from '../resources/schemas/taxonomy';
import type { sensitiveWordResource } from '../resources/schemas/sensitive-words';
import type { userResource } from '../resources/schemas/users';
import type { videoDetail, videoListItem } from '../resources/schemas/videos';

export type Advertise = RecordOf<typeof advertiseResource>;
export type Album = RecordOf<typeof albumResource>;
/** A row of an album's articles (`GET /api/articles_album/{id}/articles`). */
export type AlbumArticle = z.output<typeof albumArticlePage>['list'][number];
/** A row of 文章列表 (`GET /api/articles`). */
export type ArticleListItem = z.output<typeof articleListItem>;
/** One page of 文章列表: the capped total, the cursors around it, which engine answered. */
export type ArticlePage = z.output<typeof articlePage>;
export type Brand = RecordOf<typeof brandResource>;
/** A node of `GET /api/categories/tree` (the category screens and pickers read the tree). */
export type Category = z.output<typeof categoryTreeNode>;
export type CategoryType = RecordOf<typeof categoryTypeResource>;
export type Chameleon = RecordOf<typeof chameleonResource>;
export type ChameleonType = RecordOf<typeof chameleonTypeResource>;
export type ChameleonVersion = RecordOf<typeof chameleonVersionResource>;
/** A node of `GET /api/departments/tree`, with its member counts. */
export type Department = z.output<typeof departmentTreeNode>;
export type FriendLink = RecordOf<typeof friendLinkResource>;
/** A picture of 图片库 as its list answers it. */
export type PicItem = RecordOf<typeof picStoreResource>;
export type Platform = RecordOf<typeof platformResource>;
export type Role = RecordOf<typeof roleResource>;
export type SearchKeyword = RecordOf<typeof searchKeywordResource>;
export type SensitiveWord = RecordOf<typeof sensitiveWordResource>;
export type Tag = RecordOf<typeof tagResource>;
export type TagType = RecordOf<typeof tagTypeResource>;
export type Topic = RecordOf<typeof topicResource>;
export type User = RecordOf<typeof userResource>;
/** A video of 视频库 as its list answers it. */
export type VideoItem = RecordOf<typeof videoStoreResource>;
/** A row of 短视频列表 (`GET /api/videos`). */
export type VideoListItem = z.output<typeof videoListItem>;
/** A short video as `GET /api/videos/{id}` answers it. */
export type VideoRecord = z.output<typeof videoDetail>;
/** What `POST /api/upload_token` answers: how this browser sends this one file. */
export type UploadTicket = z.output<typeof uploadTicketSchema>;
