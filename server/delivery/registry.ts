import type { z } from 'zod';
import type { StorageConfig } from '../storage/config';
import type { FamilyHandler } from './types';

/**
 * One endpoint of the delivery API (`/content-api/v1/<path>`): the family an API key must be allowed
 * to read, its query (path parameters and query string validated together: 400 with field errors),
 * what its `data` is (the answer's zod schema: `/content-api/v1/openapi.json` is made from it), and
 * the handler (server/delivery/types.ts). The framework (server/delivery/app.ts) does the rest: the
 * key, the rate, the envelope, ETag and 304, Cache-Control up to the answer's `next`, Surrogate-Key
 * and the in-process answer cache.
 */
export interface DeliveryRoute<Q extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** Hono path under the base: `/articles/:id`. */
  path: string;
  /** The family a key names to read it (`articles`, `focus` …): DELIVERY_FAMILIES. */
  family: string;
  /** One line for openapi.json. */
  summary: string;
  query: Q;
  data: D;
  handler: FamilyHandler<z.output<Q>, z.output<D>>;
  /** `private`: an answer for one person (a preview): never kept by a shared or the in-process cache. */
  cache?: 'public' | 'private';
}

/** Declares a route with its types checked against each other (the list holds them erased). */
export const deliveryRoute = <Q extends z.ZodType, D extends z.ZodType>(route: DeliveryRoute<Q, D>): DeliveryRoute => route as unknown as DeliveryRoute;

/** What handlers that need more than the database get when the delivery app is built. */
export interface DeliveryContext {
  /** Where library files are served from (a video's play URL). */
  storage: StorageConfig;
}
