/**
 * The browser's record types, one place: each is the `z.output` of the record schema the API
 * publishes for the route that answers it (a resource's `record`, derived from its declaration by
 * `withSchema`, lib/resources/schemas/common.ts). tests/api/answer-contract.test.ts and the CRUD
 * contract hold real answers to those schemas, so these types cannot drift from the API.
 * Types only: `import type` keeps zod and the schemas out of the browser's bundles.
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */
import type { RecordOf } from '../resources/define';
import type { albumResource } from '../resources/schemas/albums';
import type {
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  friendLinkResource,
  searchKeywordResource,
} from '../resources/schemas/operations';
import type { roleResource } from '../resources/schemas/roles';
import type { platformResource, tagResource, tagTypeResource, topicResource } from '../resources/schemas/taxonomy';
import type { userResource } from '../resources/schemas/users';

export type Album = RecordOf<typeof albumResource>;
export type Brand = RecordOf<typeof brandResource>;
export type Chameleon = RecordOf<typeof chameleonResource>;
export type ChameleonType = RecordOf<typeof chameleonTypeResource>;
export type ChameleonVersion = RecordOf<typeof chameleonVersionResource>;
export type FriendLink = RecordOf<typeof friendLinkResource>;
export type Platform = RecordOf<typeof platformResource>;
export type Role = RecordOf<typeof roleResource>;
export type SearchKeyword = RecordOf<typeof searchKeywordResource>;
export type Tag = RecordOf<typeof tagResource>;
export type TagType = RecordOf<typeof tagTypeResource>;
export type Topic = RecordOf<typeof topicResource>;
export type User = RecordOf<typeof userResource>;
