import type { Family } from './common';
import { focusChannelFamily, focusHomeFamily, focusHomeRightFamily, focusVideoFamily } from './focus';
import { adsFamily, brandsFamily, friendLinksFamily, keywordsFamily, navFamily } from './operations';
import { albumArticlesFamily, albumsFamily, categoriesFamily, topicsFamily } from './taxonomy';

/**
 * The operations and taxonomy families of the delivery API (DESIGN §12), for the framework to mount
 * under `/content-api/v1/<path>`: each parses its query (400 with field errors), answers
 * `{ data, keys, next }` or null (404). Path parameters (`{id}`) are merged into the query.
 */
export const OPERATIONS_FAMILIES: readonly Family[] = [
  focusHomeFamily,
  focusChannelFamily,
  focusVideoFamily,
  focusHomeRightFamily,
  adsFamily,
  keywordsFamily,
  navFamily,
  friendLinksFamily,
  brandsFamily,
  topicsFamily,
  albumsFamily,
  albumArticlesFamily,
  categoriesFamily,
] as unknown as readonly Family[];

export type { Family } from './common';
