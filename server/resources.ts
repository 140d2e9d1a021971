import { Hono } from 'hono';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDef, UsedByDef } from '../lib/resources/define';
import type { z } from 'zod';
import { articles, articleSources, chameleonTypes, focusHomeRight, friendLinks, picStores, sensitiveWords, topics, videos, videoStores } from './db/schema';
import { crudRoutes, type CrudOptions, type CrudTable } from './crud/crud-routes';
import type { UsedBy } from './crud/in-use';
import { catalogueOf, type Catalogue } from './crud/catalogue';
import type { AppEnv } from './http/types';
import type { ContentService } from './content/check';
import type { SearchBackend } from './articles/search/types';
import type { StorageConfig } from './storage/config';
import type { DingtalkConfig } from './dingtalk/client';
import { picStoreResource, videoStoreResource } from '../lib/resources/schemas/media';
import { videoResource } from '../lib/resources/schemas/videos';
import { sensitiveWordResource } from '../lib/resources/schemas/sensitive-words';
import { chameleonTypeResource, focusHomeRightResource, friendLinkResource } from '../lib/resources/schemas/operations';
import { articleSourceResource, topicResource } from '../lib/resources/schemas/taxonomy';
import { authRoutes } from './routes/auth';
import { departmentRoutes } from './routes/departments';
import { logRoutes } from './routes/logs';
import { profileRoutes } from './routes/profile';
import { roleRoutes } from './routes/roles';
import { dingtalkRoutes } from './routes/dingtalk';
import { albumRoutes } from './routes/albums';
import { userRoutes } from './routes/users';
import { articleRoutes, articleSearchRoutes } from './articles/routes';
import { sensitiveWordRoutes } from './routes/sensitive-words';
import { videoRoutes } from './routes/videos';
import { articleWorkflowRoutes, reviewRoutes, workbenchRoutes } from './routes/workflow';
import { mediaRoutes, picStoreTagRoutes, videoStoreTagRoutes } from './routes/media';
import { uploadRoutes } from './routes/uploads';
import { statisticsRoutes } from './routes/statistics';
import { categoryRoutes, categoryTypeRoutes, platformRoutes, tagRoutes, tagTypeRoutes } from './routes/taxonomy';
import { focusChannelRoutes, focusHomeRightRoutes, focusHomeRoutes, focusTargetRoutes, focusVideoRoutes } from './routes/focus';
import { searchKeywordRoutes } from './routes/search-keywords';
import { chameleonRoutes, chameleonVersionRoutes } from './routes/chameleons';
import { advertiseRoutes, brandRoutes } from './routes/operations';
import { apiKeyRoutes, previewTokenRoutes } from './delivery/routes';
import { webhookDeliveryRoutes, webhookRoutes } from './delivery/webhooks/routes';
import { friendLinkEvents, navEvents, topicEvents } from './delivery/families/events';

/** What some sub-apps are built with (createApp's dependencies). */
export interface RouteDeps {
  storage: StorageConfig;
  contentService: ContentService;
  search: SearchBackend | null;
  focusFlushUrl?: string;
  dingtalk: DingtalkConfig | null;
  /** The log's names, the library's owner names and the uploaders, from the declarations below (`CATALOGUE`). */
  catalogue: Catalogue;
}

type Routes = Hono<AppEnv>;
type CrudRoutes = ReturnType<typeof crudRoutes>;

/** One mounted sub-app: `/api/<name>`. */
export interface ApiEntry {
  /** The mount path under `/api` (`''`: the API root: sign-in, upload tickets). A resource's is its `name`. */
  name: string;
  /** The declaration when the entry is a resource (lib/resources/*): the client builds its URL from `name`. */
  resource?: ResourceDef;
  /** The resource's table: its columns are checked against the declaration, relations resolve to it. */
  table?: CrudTable;
  /** The sub-app, or how to build it from the app's dependencies. */
  routes: Routes | ((deps: RouteDeps) => Routes);
}

/** A resource served by `crudRoutes` (its declaration and table travel with the routes). */
const crud = (routes: CrudRoutes): ApiEntry => ({ name: routes.resource.name, resource: routes.resource, table: routes.table, routes });
/**
 * A plain resource: its declaration and table are all there is (list, get, create, update, delete,
 * sort, validation, permission, log, library usage, "in use" refusals: server/crud/crud-routes.ts).
 */
const plain = <S extends z.ZodObject, T extends CrudTable>(resource: ResourceDef<S>, table: T, options: Omit<CrudOptions<S, T>, 'resource' | 'table'> = {}) =>
  crud(crudRoutes({ resource, table, ...options }) as unknown as CrudRoutes);
/** A resource whose sub-app needs the app's dependencies. */
const built = (resource: ResourceDef, table: CrudTable | undefined, routes: (deps: RouteDeps) => Routes): ApiEntry => ({
  name: resource.name,
  resource,
  table,
  routes,
});

/**
 * Every sub-app of the main API, in mount order. A plain resource is one line:
 * `plain(xResource, xTable)`; one with server rules, `crud(xRoutes)` (server/routes/<name>.ts).
 * The operation log's names, the library's owner names and who may upload are derived from the
 * declarations here (`CATALOGUE`); tests/api/resources.test.ts checks the declarations against
 * their tables and the catalogue, and tests/api/crud-contract.test.ts runs every `example`.
 * @see DESIGN §2, STYLE §2
 */
export const API: readonly ApiEntry[] = [
  { name: '', routes: authRoutes },
  crud(departmentRoutes),
  crud(userRoutes),
  crud(roleRoutes),
  { name: 'log', routes: (d) => logRoutes(d.catalogue.logged) },
  { name: 'profile', routes: profileRoutes },
  crud(categoryTypeRoutes),
  crud(categoryRoutes),
  crud(platformRoutes),
  crud(tagTypeRoutes),
  crud(tagRoutes),
  plain(topicResource, topics, { events: topicEvents }),
  plain(articleSourceResource, articleSources),
  { name: '', routes: (d) => uploadRoutes(d.storage, d.catalogue.uploaders) },
  built(picStoreResource, picStores, (d) => mediaRoutes(d.storage, d.catalogue, d.contentService).picStores),
  built(videoStoreResource, videoStores, (d) => mediaRoutes(d.storage, d.catalogue, d.contentService).videoStores),
  crud(picStoreTagRoutes),
  crud(videoStoreTagRoutes),
  // The workflow's calls, then locks, revisions, autosave, the list and the article (server/articles/routes.ts).
  {
    name: 'articles',
    table: articles,
    routes: (d) => new Hono<AppEnv>().route('/', articleWorkflowRoutes(d)).route('/', articleRoutes(d)).route('/', previewTokenRoutes()),
  },
  crud(albumRoutes),
  // The short video, then its preview link (server/delivery/routes.ts), as the articles have.
  built(videoResource, videos, (d) => new Hono<AppEnv>().route('/', videoRoutes(d)).route('/', previewTokenRoutes('video'))),
  { name: 'dingtalk', routes: (d) => dingtalkRoutes(d.dingtalk) },
  { name: 'articles_review', routes: (d) => reviewRoutes(d) },
  { name: 'workbench', routes: workbenchRoutes },
  { name: 'article_from_es', routes: (d) => articleSearchRoutes(d.search) },
  { name: sensitiveWordResource.name, resource: sensitiveWordResource, table: sensitiveWords, routes: sensitiveWordRoutes },
  // 运营管理 (server/routes/focus.ts, search-keywords.ts, chameleons.ts, operations.ts).
  crud(focusHomeRoutes),
  crud(focusChannelRoutes),
  built(focusHomeRightResource, focusHomeRight as unknown as CrudTable, (d) => focusHomeRightRoutes(d)),
  crud(focusVideoRoutes),
  { name: 'focus_targets', routes: focusTargetRoutes },
  crud(searchKeywordRoutes),
  crud(chameleonVersionRoutes),
  plain(chameleonTypeResource, chameleonTypes, { events: navEvents(chameleonTypeResource.name) }),
  crud(chameleonRoutes),
  plain(friendLinkResource, friendLinks, { events: friendLinkEvents }),
  crud(brandRoutes),
  crud(advertiseRoutes),
  { name: 'statistics', routes: statisticsRoutes },
  // 站点接口 (server/delivery/routes.ts): the delivery API's keys.
  { name: 'api_keys', routes: apiKeyRoutes },
  // 站点接口: webhook endpoints and their delivery log (server/delivery/webhooks/routes.ts).
  { name: 'webhooks', routes: () => webhookRoutes() },
  { name: 'webhook_deliveries', routes: () => webhookDeliveryRoutes() },
];

/** What the API derives from the declarations above: the log's names, the library's owner names, the uploaders. */
export const CATALOGUE = catalogueOf(API.flatMap((e) => (e.resource ? [e.resource] : [])));

/**
 * A declaration's "in use by" relations, resolved to the tables and columns of the registry: the
 * rule lives in the declaration (`usedBy`), the one generic delete applies it. A relation naming
 * no registered table or no column of it is a mistake, found when the app is built.
 */
export function resolveUsedBy(resource: ResourceDef, defs: readonly UsedByDef[] = resource.usedBy ?? []): UsedBy[] {
  return defs.map((u) => {
    const table = API.find((e) => e.name === u.resource && e.table)?.table;
    if (!table) throw new Error(`${resource.name}.usedBy: no registered table for "${u.resource}"`);
    const column = (getTableColumns(table) as Record<string, AnyPgColumn>)[u.field];
    if (!column) throw new Error(`${resource.name}.usedBy: "${u.field}" is not a column of ${u.resource}`);
    return { key: u.key ?? u.resource, table, column, many: column.dataType === 'array', label: u.label, ...(u.list ? { list: u.list } : {}) };
  });
}

/** The entry's sub-app, built with the app's dependencies, its relations resolved. */
export function routesOf(entry: ApiEntry, deps: RouteDeps): Routes {
  const routes = typeof entry.routes === 'function' ? entry.routes(deps) : entry.routes;
  if (entry.resource?.usedBy && 'usedBy' in routes) (routes as CrudRoutes).usedBy = resolveUsedBy(entry.resource);
  return routes;
}
