import { Hono } from 'hono';
import { z } from 'zod';
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  advertiseEditSchema,
  advertiseResource,
  advertiseStateSchema,
  brandResource,
  chameleonResource,
  chameleonTypeResource,
  chameleonVersionResource,
  focusChannelResource,
  focusHomeResource,
  focusHomeRightResource,
  focusVideoResource,
  friendLinkResource,
  keywordRouteOf,
  periodError,
  searchKeywordResource,
  slotStatus,
  type FocusGroup,
  type OfflineFocusGroup,
} from '../../lib/resources/operations';
import { access, canAccess } from '../auth/access';
import type { DbOrTx, Tx } from '../db/types';
import {
  advertise,
  articles,
  brands,
  categories,
  chameleons,
  chameleonTypes,
  chameleonVersions,
  focusChannel,
  focusHome,
  focusHomeRight,
  focusVideo,
  friendLinks,
  platforms,
  searchKeywords,
  videos,
} from '../db/schema';
import { likePattern } from '../crud/list';
import { crudRoutes, type CrudOptions } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { buildTrucks } from '../hosts/data/trucks';
import { keywordCondition } from '../articles/list';
import { STATUS } from '../../lib/resources/workflow';
import { ApiError, badRequest, conflict, forbidden, notFound, parseInput } from '../http/errors';
import { idFilter, idParam } from '../http/params';
import { ok } from '../http/reply';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';

type Values = Record<string, unknown>;

/** An id filter from the query string; one that cannot exist matches nothing. */
const byId = (column: AnyPgColumn) => (value: string) => {
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};
const byEnabled = (column: AnyPgColumn) => (v: string) => (v === 'true' || v === 'false' ? eq(column, v === 'true') : undefined);
const byText = (column: AnyPgColumn) => (v: string) => eq(column, v.slice(0, 64));

/** The next `sort` at the end of a group (or of the whole table). */
async function nextSort(tx: DbOrTx, table: PgTable, sortColumn: AnyPgColumn, where?: SQL) {
  const [{ top }] = await tx.select({ top: sql<number | null>`max(${sortColumn})` }).from(table).where(where);
  return (top === null || top === undefined ? -1 : Number(top)) + 1;
}

/** A period's end must come after its start (checked on the merged record: an update may send one of them). */
function assertPeriod(startAt: unknown, endAt: unknown) {
  const error = periodError(startAt instanceof Date ? startAt.toISOString() : startAt, endAt instanceof Date ? endAt.toISOString() : endAt);
  if (error) throw badRequest(error, { endAt: error });
}

// ——— Focus families ———————————————————————————————————————————————————————————————

type FocusTable = typeof focusHome;

/** What a focus slot may show: published or scheduled articles and videos (a slot may be set up ahead of them). */
const PICKABLE_STATUSES: number[] = [STATUS.published, STATUS.scheduled];
const PICKABLE_SQL = sql.raw(PICKABLE_STATUSES.join(', '));

/**
 * The slot's article or short video is no longer shown to readers (taken offline, withdrawn, back
 * to draft, or gone): issue 15, review P2-4. Part of the list's own query (an indexed lookup by
 * primary key per row inside it), so neither the list nor its count asks again per row.
 */
export const focusTargetOffline = (t: FocusTable) =>
  sql<boolean>`((${t.articleId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "articles" AS a WHERE a."id" = ${t.articleId} AND a."status" IN (${PICKABLE_SQL})))
    OR (${t.videoId} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "videos" AS v WHERE v."id" = ${t.videoId} AND v."status" IN (${PICKABLE_SQL}))))`;

/** Not ended (no end, or an end still to come). */
const notEnded = (t: FocusTable) => sql`(${t.endAt} IS NULL OR ${t.endAt} > now())`;

/**
 * The status filter, as `slotStatus` reads a row: expired, then switched off, then 内容已下线 (it
 * would show, but its content is gone), then scheduled or live. Each slot is in exactly one.
 */
const statusCondition = (t: FocusTable) => (value: string): SQL | undefined => {
  const open = sql`${t.enabled} AND ${notEnded(t)}`;
  switch (value) {
    case 'live':
      return sql`${open} AND ${t.startAt} <= now() AND NOT ${focusTargetOffline(t)}`;
    case 'scheduled':
      return sql`${open} AND ${t.startAt} > now() AND NOT ${focusTargetOffline(t)}`;
    case 'offline':
      return sql`${open} AND ${focusTargetOffline(t)}`;
    case 'expired':
      return sql`${t.endAt} IS NOT NULL AND ${t.endAt} <= now()`;
    case 'disabled':
      return sql`NOT ${t.enabled} AND ${notEnded(t)}`;
    default:
      return undefined;
  }
};

/** Slots that would show now or later but whose content is gone: what the workbench counts. */
export const focusShowsOffline = (t: FocusTable) => sql`${t.enabled} AND ${notEnded(t)} AND ${focusTargetOffline(t)}`;

/** What a slot shows: an article, a video or a link; the article or video must exist. */
async function assertTarget(tx: Tx, slot: Values) {
  const articleId = (slot.articleId as number | null | undefined) ?? null;
  const videoId = (slot.videoId as number | null | undefined) ?? null;
  if (articleId && videoId) throw badRequest('一个焦点图只能选一篇文章或一个视频', { articleId: '一个焦点图只能选一篇文章或一个视频' });
  if (!articleId && !videoId && !slot.url) throw badRequest('请选择文章或视频，或填写链接', { url: '请选择文章或视频，或填写链接' });
  // Only what the slot form's search offers (published or scheduled): a draft's id would put an
  // unreviewed item on the site, and the slot list would show any draft's title to an operator.
  if (articleId) {
    const [hit] = await tx.select({ id: articles.id, status: articles.status }).from(articles).where(eq(articles.id, articleId)).limit(1);
    if (!hit) throw badRequest('文章不存在', { articleId: '文章不存在' });
    if (!PICKABLE_STATUSES.includes(hit.status)) throw badRequest('只能选择已发布或定时发布的文章', { articleId: '只能选择已发布或定时发布的文章' });
  }
  if (videoId) {
    const [hit] = await tx.select({ id: videos.id, status: videos.status }).from(videos).where(eq(videos.id, videoId)).limit(1);
    if (!hit) throw badRequest('视频不存在', { articleId: '视频不存在' });
    if (!PICKABLE_STATUSES.includes(hit.status)) throw badRequest('只能选择已发布或定时发布的视频', { articleId: '只能选择已发布或定时发布的视频' });
  }
}

async function assertGroup(tx: Tx, group: FocusGroup, slot: Values) {
  if (group === 'platform') {
    const [hit] = await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.code, slot.platform as string)).limit(1);
    if (!hit) throw badRequest('平台不存在', { platform: '平台不存在' });
  }
  if (group === 'category') {
    const [hit] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, slot.categoryId as number)).limit(1).for('key share');
    if (!hit) throw badRequest('频道不存在', { categoryId: '频道不存在' });
  }
}

export interface OperationDeps {
  /** Where 刷新 pushes a right-side home slot (FOCUS_FLUSH_URL); without it only the time is recorded. */
  focusFlushUrl?: string;
  /** Outside calls (tests pass their own). */
  fetch?: typeof fetch;
}

function focusRoutes(resource: typeof focusHomeResource, table: FocusTable, group: FocusGroup, extra: Partial<CrudOptions> = {}) {
  const t = table;
  const groupColumn = group === 'platform' ? t.platform : group === 'category' ? t.categoryId : undefined;
  const groupWhere = (slot: Values) => (groupColumn ? eq(groupColumn, slot[group === 'platform' ? 'platform' : 'categoryId'] as never) : undefined);
  // The picked article's or video's title, for the list (one indexed lookup per shown row).
  const targetTitle = sql<string | null>`coalesce((SELECT a."title" FROM "articles" AS a WHERE a."id" = ${t.articleId}), (SELECT v."title" FROM "videos" AS v WHERE v."id" = ${t.videoId}))`;
  const flushed = (t as unknown as { flushedAt?: AnyPgColumn }).flushedAt;
  return crudRoutes({
    resource,
    table: t,
    columns: {
      id: t.id,
      title: t.title,
      image: t.image,
      url: t.url,
      articleId: t.articleId,
      videoId: t.videoId,
      targetTitle: targetTitle.as('target_title'),
      targetOffline: focusTargetOffline(t).as('target_offline'),
      platform: t.platform,
      categoryId: t.categoryId,
      startAt: t.startAt,
      endAt: t.endAt,
      sort: t.sort,
      enabled: t.enabled,
      ...(flushed ? { flushedAt: flushed } : {}),
      updatedAt: t.updatedAt,
    },
    keyword: [t.title],
    filters: {
      enabled: byEnabled(t.enabled),
      status: statusCondition(t),
      ...(group === 'platform' ? { platform: byText(t.platform) } : {}),
      ...(group === 'category' ? { categoryId: byId(t.categoryId) } : {}),
    },
    orderBy: groupColumn ? [asc(groupColumn), asc(t.sort), asc(t.id)] : [asc(t.sort), asc(t.id)],
    sortGroup: groupColumn,
    operations: { remove: false },
    updateType: (patch) => (Object.keys(patch).length === 1 && 'enabled' in patch ? (patch.enabled ? 'enable' : 'disable') : 'update'),
    media: { ownerType: resource.name, fields: ['image'] },
    hooks: {
      async beforeCreate({ tx }, values) {
        assertPeriod(values.startAt, values.endAt);
        await assertGroup(tx, group, values);
        await assertTarget(tx, values);
        return { ...values, articleId: values.articleId ?? null, videoId: values.videoId ?? null, endAt: values.endAt ?? null, sort: await nextSort(tx, t, t.sort, groupWhere(values)) };
      },
      async beforeUpdate({ tx }, before, patch) {
        const merged = { ...before, ...patch };
        if ('startAt' in patch || 'endAt' in patch) assertPeriod(merged.startAt, merged.endAt);
        const movesGroup = groupColumn && (('platform' in patch && patch.platform !== before.platform) || ('categoryId' in patch && patch.categoryId !== before.categoryId));
        if (movesGroup) await assertGroup(tx, group, merged);
        if ('articleId' in patch || 'videoId' in patch || 'url' in patch) await assertTarget(tx, merged);
        // A slot moved to another platform or channel goes to the end of that list.
        return movesGroup ? { ...patch, sort: await nextSort(tx, t, t.sort, groupWhere(merged)) } : patch;
      },
    },
    ...extra,
  });
}

export const focusHomeRoutes = focusRoutes(focusHomeResource, focusHome, 'platform');
export const focusChannelRoutes = focusRoutes(focusChannelResource, focusChannel as unknown as FocusTable, 'category');
export const focusVideoRoutes = focusRoutes(focusVideoResource, focusVideo as unknown as FocusTable, 'platform');

/**
 * 首页右侧焦点图 with `PUT /flush/{id}`: pushes the slot as it is now to the site (FOCUS_FLUSH_URL,
 * when configured) and records when. A push that fails records nothing and says why.
 */
export function focusHomeRightRoutes({ focusFlushUrl, fetch: fetcher = fetch }: OperationDeps = {}) {
  const routes: ReturnType<typeof focusRoutes> = focusRoutes(focusHomeRightResource, focusHomeRight as unknown as FocusTable, 'none', {
    extend(app) {
      app.put('/flush/:id', access.route(focusHomeRightResource.permission), async (c) => {
        const id = idParam(c);
        const slot = await routes.getOne(c.get('db'), c.get('user')!, id);
        if (!slot) throw notFound('首页右侧焦点图不存在');
        // The push keeps its four time-based statuses; `slot.targetOffline` says the content is gone.
        const status = slotStatus({ enabled: slot.enabled as boolean, startAt: slot.startAt as Date, endAt: slot.endAt as Date | null });
        let pushed = false;
        if (focusFlushUrl) {
          try {
            const res = await fetcher(focusFlushUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ family: 'focus_home_right', status, slot }),
              signal: AbortSignal.timeout(5000),
            });
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            pushed = true;
          } catch (err) {
            throw new ApiError(502, `推送到网站失败（${(err as Error).message}），未记录刷新时间，请稍后重试`);
          }
        }
        const after = await routes.inTransaction(c, async ({ tx }) => {
          await tx.update(focusHomeRight).set({ flushedAt: new Date() }).where(eq(focusHomeRight.id, id));
          const row = (await routes.getOne(tx, c.get('user')!, id))!;
          await logOperation(tx, c, {
            type: 'flush',
            resource: 'focus_home_right',
            resourceId: id,
            summary: `刷新首页右侧焦点图「${slot.title}」${pushed ? '（已推送到网站）' : '（未配置推送地址，仅记录时间）'}`,
            before: slot,
            after: row,
          });
          return row;
        });
        return ok(c, { ...after, pushed, note: pushed ? '已推送到网站' : '未配置推送地址（FOCUS_FLUSH_URL），已记录刷新时间' });
      });
    },
  });
  return routes;
}

// ——— Search keywords ——————————————————————————————————————————————————————————————

const KEYWORD_ROUTES = ['/operation/keywords', '/operation/pckeywords'] as const;

/** The platforms whose keywords this person manages: app/m on one screen, pc on the other. */
function keywordPlatforms(user: SessionUser): string[] {
  return [...(canAccess(user, '/operation/keywords') ? ['app', 'm'] : []), ...(canAccess(user, '/operation/pckeywords') ? ['pc'] : [])];
}

function assertKeywordPlatform(user: SessionUser, platform: string) {
  if (!canAccess(user, keywordRouteOf(platform))) throw forbidden(platform === 'pc' ? '没有管理 PC 搜索关键词的权限' : '没有管理 APP / M 站搜索关键词的权限');
}

async function assertKeywordUnique(tx: Tx, platform: string, word: string, exceptId?: number) {
  const [twin] = await tx
    .select({ id: searchKeywords.id })
    .from(searchKeywords)
    .where(and(eq(searchKeywords.platform, platform), eq(searchKeywords.word, word), exceptId ? ne(searchKeywords.id, exceptId) : undefined))
    .limit(1);
  if (twin) throw conflict(`该平台已有关键词「${word}」`, { word: '该平台已有同样的关键词' });
}

export const searchKeywordRoutes = crudRoutes({
  resource: searchKeywordResource,
  table: searchKeywords,
  columns: {
    id: searchKeywords.id,
    word: searchKeywords.word,
    url: searchKeywords.url,
    platform: searchKeywords.platform,
    sort: searchKeywords.sort,
    enabled: searchKeywords.enabled,
    updatedAt: searchKeywords.updatedAt,
  },
  write: access.anyRoute(KEYWORD_ROUTES),
  // A person sees and sorts only the platforms their screens manage.
  scope: (user) => {
    const allowed = keywordPlatforms(user);
    return allowed.length === 3 ? undefined : allowed.length ? inArray(searchKeywords.platform, allowed) : sql`false`;
  },
  keyword: [searchKeywords.word],
  filters: {
    enabled: byEnabled(searchKeywords.enabled),
    platform: (v) => inArray(searchKeywords.platform, v.split(',').filter((p) => ['app', 'm', 'pc'].includes(p)).concat('-')),
  },
  orderBy: [asc(searchKeywords.platform), asc(searchKeywords.sort), asc(searchKeywords.id)],
  sortGroup: searchKeywords.platform,
  operations: { remove: false },
  title: (row) => String(row.word ?? row.id),
  updateType: (patch) => (Object.keys(patch).length === 1 && 'enabled' in patch ? (patch.enabled ? 'enable' : 'disable') : 'update'),
  hooks: {
    async beforeCreate({ tx, user }, values) {
      assertKeywordPlatform(user, values.platform as string);
      await assertKeywordUnique(tx, values.platform as string, values.word as string);
      return { ...values, sort: await nextSort(tx, searchKeywords, searchKeywords.sort, eq(searchKeywords.platform, values.platform as string)) };
    },
    async beforeUpdate({ tx, user }, before, patch) {
      const platform = (patch.platform ?? before.platform) as string;
      const moves = platform !== before.platform;
      if (moves) assertKeywordPlatform(user, platform);
      if (moves || 'word' in patch) await assertKeywordUnique(tx, platform, (patch.word ?? before.word) as string, before.id);
      return moves ? { ...patch, sort: await nextSort(tx, searchKeywords, searchKeywords.sort, eq(searchKeywords.platform, platform)) } : patch;
    },
  },
});

// ——— Navigation icons —————————————————————————————————————————————————————————————

const iconCount = sql<number>`(SELECT count(*)::int FROM "chameleons" AS ch WHERE ch."version_id" = "chameleon_versions"."id")`;

async function assertVersionUnique(tx: Tx, platform: string, name: string, exceptId?: number) {
  const [twin] = await tx
    .select({ id: chameleonVersions.id })
    .from(chameleonVersions)
    .where(and(eq(chameleonVersions.platform, platform), eq(chameleonVersions.name, name), exceptId ? ne(chameleonVersions.id, exceptId) : undefined))
    .limit(1);
  if (twin) throw conflict(`该平台已有版本「${name}」`, { name: '该平台已有同名版本' });
}

/** 导航版本: GET, POST, PUT (SEED §7); a version is switched off, not deleted. */
export const chameleonVersionRoutes = crudRoutes({
  resource: chameleonVersionResource,
  table: chameleonVersions,
  columns: {
    id: chameleonVersions.id,
    name: chameleonVersions.name,
    platform: chameleonVersions.platform,
    enabled: chameleonVersions.enabled,
    iconCount: iconCount.as('icon_count'),
    updatedAt: chameleonVersions.updatedAt,
  },
  keyword: [chameleonVersions.name],
  filters: { platform: byText(chameleonVersions.platform), enabled: byEnabled(chameleonVersions.enabled) },
  operations: { remove: false },
  hooks: {
    async beforeCreate({ tx }, values) {
      await assertVersionUnique(tx, values.platform as string, values.name as string);
      return values;
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('name' in patch || 'platform' in patch) await assertVersionUnique(tx, (patch.platform ?? before.platform) as string, (patch.name ?? before.name) as string, before.id);
      return patch;
    },
  },
});

/** 图标类型: GET (the screen lists them), POST, PUT; in the order they were added. */
export const chameleonTypeRoutes = crudRoutes({
  resource: chameleonTypeResource,
  table: chameleonTypes,
  columns: { id: chameleonTypes.id, name: chameleonTypes.name, sort: chameleonTypes.sort },
  orderBy: [asc(chameleonTypes.sort), asc(chameleonTypes.id)],
  unique: [{ field: 'name', column: chameleonTypes.name, message: '图标类型名称已存在' }],
  operations: { remove: false },
  hooks: {
    async beforeCreate({ tx }, values) {
      return { ...values, sort: await nextSort(tx, chameleonTypes, chameleonTypes.sort) };
    },
  },
});

async function assertIconPlacement(tx: Tx, icon: Values) {
  const errors: Record<string, string> = {};
  const [version] = await tx.select({ id: chameleonVersions.id }).from(chameleonVersions).where(eq(chameleonVersions.id, icon.versionId as number));
  if (!version) errors.versionId = '版本不存在';
  const [type] = await tx.select({ id: chameleonTypes.id }).from(chameleonTypes).where(eq(chameleonTypes.id, icon.typeId as number));
  if (!type) errors.typeId = '图标类型不存在';
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
}

const iconGroup = (icon: Values) => and(eq(chameleons.versionId, icon.versionId as number), eq(chameleons.typeId, icon.typeId as number));

/** 导航图标: a version's icons, grouped by type, each group in drag order. */
export const chameleonRoutes = crudRoutes({
  resource: chameleonResource,
  table: chameleons,
  columns: {
    id: chameleons.id,
    versionId: chameleons.versionId,
    typeId: chameleons.typeId,
    name: chameleons.name,
    icon: chameleons.icon,
    url: chameleons.url,
    sort: chameleons.sort,
    enabled: chameleons.enabled,
  },
  keyword: [chameleons.name],
  filters: { versionId: byId(chameleons.versionId), typeId: byId(chameleons.typeId), enabled: byEnabled(chameleons.enabled) },
  orderBy: [asc(chameleons.versionId), asc(chameleons.typeId), asc(chameleons.sort), asc(chameleons.id)],
  // One sort reorders icons of one version and one type.
  sortGroup: sql`${chameleons.versionId} || ':' || ${chameleons.typeId}` as unknown as AnyPgColumn,
  // The version is fixed once created (an icon is copied, not moved, to another version).
  updateSchema: chameleonResource.schema.omit({ versionId: true }).partial(),
  operations: { remove: false },
  media: { ownerType: 'chameleon', fields: ['icon'] },
  hooks: {
    async beforeCreate({ tx }, values) {
      await assertIconPlacement(tx, values);
      return { ...values, sort: await nextSort(tx, chameleons, chameleons.sort, iconGroup(values)) };
    },
    async beforeUpdate({ tx }, before, patch) {
      if (!('typeId' in patch) || patch.typeId === before.typeId) return patch;
      const merged = { ...before, ...patch };
      await assertIconPlacement(tx, merged);
      return { ...patch, sort: await nextSort(tx, chameleons, chameleons.sort, iconGroup(merged)) };
    },
  },
});

// ——— Friend links ————————————————————————————————————————————————————————————————

/** 友情链接: GET, POST, PUT, PUT /sort, DELETE (SEED §7). */
export const friendLinkRoutes = crudRoutes({
  resource: friendLinkResource,
  table: friendLinks,
  columns: {
    id: friendLinks.id,
    name: friendLinks.name,
    url: friendLinks.url,
    logo: friendLinks.logo,
    sort: friendLinks.sort,
    enabled: friendLinks.enabled,
    updatedAt: friendLinks.updatedAt,
  },
  keyword: [friendLinks.name, friendLinks.url],
  filters: { enabled: byEnabled(friendLinks.enabled) },
  unique: [{ field: 'name', column: friendLinks.name, message: '已有同名的友情链接' }],
  updateType: (patch) => (Object.keys(patch).length === 1 && 'enabled' in patch ? (patch.enabled ? 'enable' : 'disable') : 'update'),
  media: { ownerType: 'friend_link', fields: ['logo'] },
  hooks: {
    async beforeCreate({ tx }, values) {
      return { ...values, sort: await nextSort(tx, friendLinks, friendLinks.sort) };
    },
  },
});

// ——— Brands ——————————————————————————————————————————————————————————————————————

/** The built-in product host's brands (DESIGN §5); another host's brands cannot be checked here. */
let catalogueBrands: Map<number, { name: string; initial: string }> | null = null;
function builtInBrand(id: number) {
  catalogueBrands ??= new Map(buildTrucks().brands.map((b) => [b.id, { name: b.name, initial: b.initial }]));
  return catalogueBrands.get(id);
}
const usesBuiltInProductHost = () => {
  const base = process.env.NEXT_PUBLIC_PRODUCT_API;
  return !base || base.startsWith('/');
};

/** Ties the brand to the product host's brand: its name is kept, and its initial unless one was given. */
function withProductBrand(values: Values): Values {
  if (!usesBuiltInProductHost()) return values;
  const hit = builtInBrand(values.productBrandId as number);
  if (!hit) throw badRequest('车型库中没有这个品牌', { productBrandId: '车型库中没有这个品牌' });
  return { ...values, productBrandName: hit.name, initial: (values.initial as string) || hit.initial };
}

/** 品牌: GET, POST, PUT (SEED §7), each tied to one product-host brand, A–Z by initial. */
export const brandRoutes = crudRoutes({
  resource: brandResource,
  table: brands,
  columns: {
    id: brands.id,
    name: brands.name,
    logo: brands.logo,
    initial: brands.initial,
    productBrandId: brands.productBrandId,
    productBrandName: brands.productBrandName,
    enabled: brands.enabled,
    updatedAt: brands.updatedAt,
  },
  updateSchema: brandResource.schema.partial(),
  keyword: [brands.name, brands.productBrandName],
  filters: { enabled: byEnabled(brands.enabled), initial: byText(brands.initial) },
  orderBy: [asc(brands.initial), asc(brands.sort), asc(brands.id)],
  unique: [
    { field: 'name', column: brands.name, message: '品牌名称已存在' },
    { field: 'productBrandId', column: brands.productBrandId, message: '这个车型库品牌已经关联了另一个品牌' },
  ],
  operations: { remove: false },
  updateType: (patch) => (Object.keys(patch).length === 1 && 'enabled' in patch ? (patch.enabled ? 'enable' : 'disable') : 'update'),
  media: { ownerType: 'brand', fields: ['logo'] },
  hooks: {
    beforeCreate: (_ctx, values) => withProductBrand(values),
    beforeUpdate: (_ctx, _before, patch) => ('productBrandId' in patch ? withProductBrand(patch) : patch),
  },
});

// ——— Ads ———————————————————————————————————————————————————————————————————————

/**
 * 广告: `GET /list`, `PUT /edit` (with an id: edit; without: add — SEED §7 names no POST) and
 * `PUT /state/edit` (上线 / 下线).
 */
export const advertiseRoutes: ReturnType<typeof crudRoutes> = crudRoutes({
  resource: advertiseResource,
  table: advertise,
  columns: {
    id: advertise.id,
    name: advertise.name,
    position: advertise.position,
    image: advertise.image,
    url: advertise.url,
    startAt: advertise.startAt,
    endAt: advertise.endAt,
    state: advertise.state,
    sort: advertise.sort,
    updatedAt: advertise.updatedAt,
  },
  listPath: '/list',
  keyword: [advertise.name],
  filters: {
    position: byText(advertise.position),
    state: (v) => (v === '0' || v === '1' ? eq(advertise.state, Number(v)) : undefined),
  },
  orderBy: [asc(advertise.position), asc(advertise.sort), desc(advertise.id)],
  operations: { create: false, update: false, remove: false },
  media: { ownerType: 'advertise', fields: ['image'] },
  extend(app: Hono<AppEnv>) {
    const write = access.route(advertiseResource.permission);
    app.put('/edit', write, async (c) => {
      const raw = await readJson(c);
      const input = parseInput(advertiseEditSchema, raw) as Values;
      const sent = raw && typeof raw === 'object' ? Object.keys(raw) : [];
      const id = input.id as number | undefined;
      // The state is not edited here (issue 14): a new ad starts 下线, and 上线 / 下线 go through
      // `/state/edit`, logged as such. Refused rather than dropped, so a caller is not misled.
      if (sent.includes('state')) {
        const message = id ? '广告的上线、下线请用列表中的「上线」开关切换' : '新广告先以「下线」保存，检查无误后在列表中用「上线」开关上线';
        throw badRequest(message, { state: message });
      }
      if (!id) {
        // Adding: the whole record is required.
        const values = parseInput(advertiseResource.schema, raw) as Values;
        assertPeriod(values.startAt, values.endAt);
        const created = await advertiseRoutes.inTransaction(c, async ({ tx, user }) => {
          const sort = await nextSort(tx, advertise, advertise.sort, eq(advertise.position, values.position as string));
          const [{ id: newId }] = await tx
            .insert(advertise)
            .values({ ...(values as typeof advertise.$inferInsert), endAt: (values.endAt as Date | null | undefined) ?? null, sort })
            .returning({ id: advertise.id });
          const after = (await advertiseRoutes.getOne(tx, user, newId))!;
          await advertiseRoutes.recordMedia(tx, after, null);
          await logOperation(tx, c, { type: 'create', resource: 'advertise', resourceId: newId, summary: `新增广告「${after.name}」`, after });
          return after;
        });
        return ok(c, created);
      }
      const patch = Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'id' && sent.includes(k)));
      const updated = await advertiseRoutes.inTransaction(c, async ({ tx, user }) => {
        const before = await advertiseRoutes.getOne(tx, user, id);
        if (!before) throw notFound('广告不存在');
        if ('startAt' in patch || 'endAt' in patch) assertPeriod(patch.startAt ?? before.startAt, 'endAt' in patch ? patch.endAt : before.endAt);
        if (Object.keys(patch).length) await tx.update(advertise).set({ ...patch, updatedAt: new Date() }).where(eq(advertise.id, id));
        const after = (await advertiseRoutes.getOne(tx, user, id))!;
        await advertiseRoutes.recordMedia(tx, after, before);
        await logOperation(tx, c, { type: 'update', resource: 'advertise', resourceId: id, summary: `修改广告「${after.name}」`, before, after });
        return after;
      });
      return ok(c, updated);
    });

    app.put('/state/edit', write, async (c) => {
      const { id, state } = parseInput(advertiseStateSchema, await readJson(c));
      const updated = await advertiseRoutes.inTransaction(c, async ({ tx, user }) => {
        const before = await advertiseRoutes.getOne(tx, user, id);
        if (!before) throw notFound('广告不存在');
        if (before.state !== state) await tx.update(advertise).set({ state, updatedAt: new Date() }).where(eq(advertise.id, id));
        const after = (await advertiseRoutes.getOne(tx, user, id))!;
        await logOperation(tx, c, {
          type: state === 1 ? 'enable' : 'disable',
          resource: 'advertise',
          resourceId: id,
          summary: `${state === 1 ? '上线' : '下线'}广告「${after.name}」`,
          before,
          after,
        });
        return after;
      });
      return ok(c, updated);
    });
  },
});

const FOCUS_ROUTES = ['/operation/focus', '/operation/pcfocus', '/operation/videofocus'] as const;

/**
 * `GET /api/focus_targets?kind=article|video&keyword=`: the slot form's search. Operators hold the
 * focus screens, not the article list, so the search is theirs: titles only, at most 20, newest first.
 * Videos: published or scheduled short videos, by title.
 */
export const focusTargetRoutes = new Hono<AppEnv>().get('/', access.anyRoute(FOCUS_ROUTES), async (c) => {
  const q = parseInput(
    z.object({ kind: z.enum(['article', 'video']).default('article'), keyword: z.string().trim().max(64, '关键词不能超过 64 个字符').default('') }),
    c.req.query(),
  );
  const db = c.get('db');
  if (q.kind === 'article') {
    const list = await db
      .select({ id: articles.id, title: articles.title, cover: articles.cover, status: articles.status, publishedAt: articles.publishedAt })
      .from(articles)
      .where(and(inArray(articles.status, PICKABLE_STATUSES), q.keyword ? keywordCondition(q.keyword) : undefined))
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(20);
    return ok(c, { list, available: true });
  }
  const list = await db
    .select({ id: videos.id, title: videos.title, cover: videos.cover, status: videos.status, publishedAt: videos.publishedAt })
    .from(videos)
    .where(and(inArray(videos.status, PICKABLE_STATUSES), q.keyword ? ilike(videos.title, likePattern(q.keyword)) : undefined))
    .orderBy(desc(videos.updatedAt), desc(videos.id))
    .limit(20);
  return ok(c, { list, available: true });
});

/** The focus families, with the screen each is arranged on. */
const FOCUS_SCREENS: Array<{ label: string; permission: string; table: FocusTable; group: FocusGroup; href: string }> = [
  { label: focusHomeResource.label, permission: focusHomeResource.permission, table: focusHome, group: 'platform', href: '/operation/focus' },
  { label: focusChannelResource.label, permission: focusChannelResource.permission, table: focusChannel as unknown as FocusTable, group: 'category', href: '/operation/pcfocus' },
  { label: focusHomeRightResource.label, permission: focusHomeRightResource.permission, table: focusHomeRight as unknown as FocusTable, group: 'none', href: '/operation/pcfocus?tab=right' },
  { label: focusVideoResource.label, permission: focusVideoResource.permission, table: focusVideo as unknown as FocusTable, group: 'platform', href: '/operation/videofocus' },
];

/**
 * The workbench's reminder (issue 15, review P2-4): slots that would show now or later whose
 * article or video is no longer published, counted per screen and platform or channel, each with
 * the link that opens that list filtered to 内容已下线. One grouped count per family the person
 * holds; null for someone who holds no focus screen.
 */
export async function offlineFocusSlots(db: DbOrTx, user: SessionUser): Promise<OfflineFocusGroup[] | null> {
  const held = FOCUS_SCREENS.filter((f) => canAccess(user, f.permission));
  if (!held.length) return null;
  const filtered = (href: string, params: Record<string, string> = {}) => {
    const [path, query] = href.split('?');
    const search = new URLSearchParams(query);
    for (const [k, v] of Object.entries(params)) search.set(k, v);
    search.set('status', 'offline');
    return `${path}?${search.toString()}`;
  };
  const parts = await Promise.all(
    held.map(async ({ label, table: t, group, href }): Promise<OfflineFocusGroup[]> => {
      if (group === 'platform') {
        const rows = await db
          .select({ code: t.platform, name: platforms.name, n: count() })
          .from(t)
          .leftJoin(platforms, eq(platforms.code, t.platform))
          .where(focusShowsOffline(t))
          .groupBy(t.platform, platforms.name)
          .orderBy(asc(t.platform));
        return rows.map((r) => ({ label: `${label} · ${r.name ?? r.code}`, href: filtered(href, { platform: r.code }), count: r.n }));
      }
      if (group === 'category') {
        const rows = await db
          .select({ id: t.categoryId, name: categories.name, n: count() })
          .from(t)
          .leftJoin(categories, eq(categories.id, t.categoryId))
          .where(focusShowsOffline(t))
          .groupBy(t.categoryId, categories.name)
          .orderBy(asc(t.categoryId));
        return rows.map((r) => ({ label: `${label} · ${r.name ?? `#${r.id}`}`, href: filtered(href, { categoryId: String(r.id) }), count: r.n }));
      }
      const [{ n }] = await db.select({ n: count() }).from(t).where(focusShowsOffline(t));
      return n ? [{ label, href: filtered(href), count: n }] : [];
    }),
  );
  return parts.flat();
}

/** Every operations route, mounted under `/api`. */
export function operationRoutes(deps: OperationDeps = {}) {
  const app = new Hono<AppEnv>();
  app.route('/focus_home', focusHomeRoutes);
  app.route('/focus_channel', focusChannelRoutes);
  app.route('/focus_home_right', focusHomeRightRoutes(deps));
  app.route('/focus_video', focusVideoRoutes);
  app.route('/focus_targets', focusTargetRoutes);
  app.route('/search_keywords', searchKeywordRoutes);
  app.route('/chameleon_version', chameleonVersionRoutes);
  app.route('/chameleon_type', chameleonTypeRoutes);
  app.route('/chameleon', chameleonRoutes);
  app.route('/friend_links', friendLinkRoutes);
  app.route('/brands', brandRoutes);
  app.route('/advertise', advertiseRoutes);
  return app;
}

