import { adVisibility } from '../../../lib/resources/publishing';
import type { CrudEvents } from '../../crud/crud-routes';
import { surrogate } from '../../events/keys';
import { focusSlotNow, type FocusPlace } from './focus';
import { adKeys, readerAd, readerBrand, readerFriendLink, readerKeyword } from './operations';
import { readerAlbum, readerTopic } from './taxonomy';

/**
 * The change events of the operations and taxonomy resources (DESIGN §12, issue 24): what each
 * resource's declaration hands `crudRoutes({ events })`, so every committed write (create, edit,
 * switch, delete, restore, sort, and the special routes that call `changed`) writes one outbox row
 * in its transaction, named here once, with the keys the families of this folder answer under and
 * the record as those families show it (null when readers do not see it).
 */

type Row = Record<string, unknown>;
const idOf = (row: Row | null) => (row && typeof row.id === 'number' ? row.id : null);
/** The list key, and the item's own key when the family has one (`topic-7`). */
const withItem = (list: string, item: ((id: number) => string) | null) => (after: Row | null, before: Row | null) => {
  const id = idOf(after) ?? idOf(before);
  return item && id ? [list, item(id)] : [list];
};

export const focusEvents = (place: FocusPlace): CrudEvents => ({
  type: 'focus.changed',
  keys: () => [surrogate.focus(place)],
  async item(tx, after) {
    const now = await focusSlotNow(tx, place, after.id as number, new Date());
    return now?.visibility.visible ? now.item : null;
  },
});

/**
 * 平台: the focus families grouped by platform answer by its code (`focus/home?platform=app`, an
 * unknown code 404). Creating a platform or changing an unused one's code changes which codes
 * answer (a cached `{ list: [] }` of the old code is dropped): a `focus.changed` of the platform,
 * under both families' keys. Its name and switch are not in any answer; a write of them is told
 * too (one event per write, as every other resource), so a site that lists its platforms learns them.
 */
export const platformEvents: CrudEvents = {
  type: 'focus.changed',
  contentType: 'platform',
  keys: () => [surrogate.focus('home'), surrogate.focus('video')],
  item: (_tx, after) => ({ id: after.id, name: after.name, code: after.code, enabled: after.enabled }),
};

export const adEvents: CrudEvents = {
  type: 'ads.changed',
  keys: (after, before) => adKeys(after, before),
  item: (_tx, after) => {
    const ad = after as Parameters<typeof readerAd>[0] & { state: number; startAt: Date; endAt: Date | null };
    return adVisibility(ad, new Date()).visible ? readerAd(ad) : null;
  },
};

export const keywordEvents: CrudEvents = {
  type: 'keywords.changed',
  keys: () => [surrogate.keywords],
  item: (_tx, after) => readerKeyword(after as Parameters<typeof readerKeyword>[0]),
};

/** Versions, icon types and icons: every change is the navigation's. */
export const navEvents = (contentType: string, item?: (row: Row) => Record<string, unknown> | null): CrudEvents => ({
  type: 'nav.changed',
  contentType,
  keys: () => [surrogate.nav],
  item: item ? (_tx, after) => item(after) : undefined,
});
export const navIconItem = (r: Row) => (r.enabled ? { id: r.id, versionId: r.versionId, typeId: r.typeId, name: r.name, icon: r.icon, url: r.url } : null);
export const navVersionItem = (r: Row) => (r.enabled ? { id: r.id, name: r.name, platform: r.platform } : null);

export const friendLinkEvents: CrudEvents = {
  type: 'friend_links.changed',
  keys: () => [surrogate.friendLinks],
  item: (_tx, after) => readerFriendLink(after as Parameters<typeof readerFriendLink>[0]),
};

export const brandEvents: CrudEvents = {
  type: 'brands.changed',
  keys: () => [surrogate.brands],
  item: (_tx, after) => readerBrand(after as Parameters<typeof readerBrand>[0]),
};

export const topicEvents: CrudEvents = {
  type: 'topics.changed',
  keys: withItem(surrogate.topics, surrogate.topic),
  item: (_tx, after) => readerTopic(after as Parameters<typeof readerTopic>[0]),
};

export const albumEvents: CrudEvents = {
  type: 'albums.changed',
  keys: withItem(surrogate.albums, surrogate.album),
  item: (_tx, after) => readerAlbum(after as Parameters<typeof readerAlbum>[0]),
};

/** Categories and category types: the tree. */
export const categoryEvents = (contentType?: string): CrudEvents => ({
  type: 'categories.changed',
  contentType,
  keys: withItem(surrogate.categories, contentType ? null : surrogate.category),
  item: contentType ? undefined : (_tx, after) => (after.enabled ? { id: after.id, typeId: after.typeId, parentId: after.parentId, name: after.name } : null),
});
