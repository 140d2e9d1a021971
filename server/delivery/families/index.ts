import { deliveryRoute, type DeliveryContext, type DeliveryRoute } from '../registry';
import { articleRoutes } from './articles';
import type { Family } from './common';
import { focusChannelFamily, focusHomeFamily, focusHomeRightFamily, focusVideoFamily } from './focus';
import { adsFamily, brandsFamily, friendLinksFamily, keywordsFamily, navFamily } from './operations';
import { previewRoutes } from './preview';
import { shortVideoRoutes } from './short-videos';
import { albumArticlesFamily, albumsFamily, categoriesFamily, topicsFamily } from './taxonomy';

/**
 * The operations and taxonomy families (DESIGN §12): each parses its query (400 with field errors)
 * and answers `{ data, keys, next }` or null (404). Path parameters (`{id}`) are merged into the query.
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

/** A family declared as `albums/{id}/articles` mounted as the Hono path `/albums/:id/articles`. */
const mounted = (f: Family): DeliveryRoute => deliveryRoute({ ...f, path: `/${f.path.replace(/\{(\w+)\}/g, ':$1')}` });

/**
 * Every endpoint of the delivery API, in the order openapi.json lists them. A family is one module
 * in this folder exporting its routes (server/delivery/registry.ts `deliveryRoute`): add it here.
 */
export function deliveryRoutes(ctx: DeliveryContext): DeliveryRoute[] {
  return [...articleRoutes(ctx), ...shortVideoRoutes(ctx), ...previewRoutes(ctx), ...OPERATIONS_FAMILIES.map(mounted)];
}
