import type { DeliveryContext, DeliveryRoute } from '../registry';
import { articleRoutes } from './articles';
import { previewRoutes } from './preview';
import { shortVideoRoutes } from './short-videos';

/**
 * Every endpoint of the delivery API, in the order openapi.json lists them. A family is one module
 * in this folder exporting its routes (server/delivery/registry.ts `deliveryRoute`): add it here.
 */
export function deliveryRoutes(ctx: DeliveryContext): DeliveryRoute[] {
  return [
    ...articleRoutes(ctx),
    ...shortVideoRoutes(ctx),
    ...previewRoutes(ctx),
    // focus, ads, keywords, nav, friend_links, brands, topics, albums, categories: one line each.
  ];
}
