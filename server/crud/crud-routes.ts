import { Hono, type Context } from 'hono';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNull, ne, or, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import { imageFields, mediaOwnerOf, type ResourceDef } from '../../lib/resources/define';
import { access, type AccessMiddleware } from '../auth/access';
import type { DbOrTx, Tx } from '../db/types';
import { operationLogs } from '../db/schema';
import { badRequest, conflict, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { answers, type Refusals } from '../http/answer';
import { listOf } from '../../lib/resources/schemas/common';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';
import { declaredFilters } from './filters';
import { allOf, cappedTotalColumn, likePattern, listOrder, parseListQuery, totalOfPage } from './list';
import { assertUnused, lockForDelete, type UsedBy } from './in-use';
import { recordImageUsage } from './media-usage';
import { logOperation, OPERATION_TYPES } from './oplog';
import { changeTransaction, writeEvent } from '../events';

type Values = Record<string, unknown>;
/** A table crudRoutes can serve: an integer `id` (and a `sort` column when records are ordered). */
export type CrudTable = PgTable & { id: AnyPgColumn };
/**
 * A record as the routes read it: the table's row (plus what `columns` adds, e.g. joined names).
 * With `columns` narrowed, fields left out are simply absent.
 */
/** An update: some of the declared fields (and whatever else `updateSchema` accepts). */
export type Patch<S extends z.ZodObject> = Partial<z.output<S>> & Values;
export type RecordOf<T extends CrudTable> = InferSelectModel<T> & Values & { id: number };

/**
 * The same matches written two ways, for the page and for its capped count, when the fastest plan
 * differs (a frequent keyword: walk the newest-first index for the page, read the search index to
 * count). Both must select exactly the same rows; only how the database finds them may differ.
 */
export type SplitCondition = { page: SQL | undefined; count: SQL | undefined };

/** A list filter: the parameter's value → a condition (it may look at the data first, e.g. a probe). */
export type ListFilter = (
  value: string,
  query: Record<string, string>,
  db: DbOrTx,
) => SQL | undefined | SplitCondition | Promise<SQL | undefined | SplitCondition>;

function isSplit(c: SQL | undefined | SplitCondition): c is SplitCondition {
  return c !== undefined && 'page' in c && 'count' in c && !('queryChunks' in c);
}

export interface HookContext {
  c: Context<AppEnv>;
  tx: Tx;
  user: SessionUser;
  /** Runs `fn` once the transaction has committed (e.g. re-index what the write changed). */
  afterCommit(fn: () => void): void;
  /**
   * Tells the site of this write (the declaration's `events`; nothing without it): one outbox row in
   * this transaction. The generic routes call it; a special route that writes calls it too. For a
   * sort, `after` is the group's values (no id): a list-level event.
   */
  changed(action: string, after: Values | null, before: Values | null): Promise<void>;
}

/**
 * The change event a resource's writes send to the site (DESIGN §12, issue 24): every committed
 * create, update, switch, delete, restore and sort writes one outbox row in its own transaction
 * (server/events `writeEvent`), and its keys are published to the answer caches after the commit.
 */
export interface CrudEvents {
  /** `brands.changed`, `focus.changed` … */
  type: string;
  /** The outbox row's content type; default: the resource's name. */
  contentType?: string;
  /**
   * The surrogate keys (server/events/keys.ts) a change of this record makes stale: both its old and
   * new place when it moved (an ad to another position). For a sort, `after` holds the group's values.
   */
  keys(after: Values | null, before: Values | null): string[];
  /** The record as readers now see it, null when they do not (switched off, out of its window). */
  item?(tx: Tx, after: Values): Promise<Record<string, unknown> | null> | Record<string, unknown> | null;
}

/**
 * What the declaration (lib/resources/define.ts) already says is not repeated here: read access,
 * keyword and unique fields, the record's title, its image fields (library usage) and what keeps it
 * from being deleted come from `resource`. These options hold what only the server knows.
 */
export interface CrudOptions<S extends z.ZodObject = z.ZodObject, T extends CrudTable = CrudTable> {
  resource: ResourceDef<S>;
  /** The Drizzle table; it must have an integer `id` (and `sort` when the resource sorts). */
  table: T;
  /** Columns a list row and a record carry; default: every column of the table. */
  columns?: Record<string, AnyPgColumn | SQL.Aliased>;
  /** Adds joins to the base select (e.g. department and role names). */
  joins?: <Q extends { leftJoin: (...args: never[]) => unknown }>(q: Q) => Q;
  /** Who may read, when not what the declaration says (`resource.read`), e.g. any of several routes. */
  read?: AccessMiddleware;
  /**
   * Who may write, when not the resource's one permission (e.g. search keywords: app/m on one screen,
   * pc on another; the `scope` and hooks then narrow it per record).
   */
  write?: AccessMiddleware;
  /** Where the list answers (default `/`; the ads list is `GET /api/advertise/list`). */
  listPath?: string;
  /** Update schema; default: the create schema, every field optional. */
  updateSchema?: z.ZodObject;
  /**
   * Query-parameter filters → conditions on indexed columns. The whole query is passed too, for a
   * filter another parameter modifies (e.g. `departmentId` with `withSub=true` for a subtree).
   */
  filters?: Record<string, ListFilter>;
  /**
   * The default order. Without it: a drag-sorted resource in its `sort` order, any other newest
   * first (by id, which the primary key serves), so a record just created is on page 1.
   */
  orderBy?: Array<SQL | AnyPgColumn>;
  /**
   * Columns a list may be ordered by (`?sort=name&order=ascend`), each served by an index. Fields
   * declared `sort: true` in the resource and `unique` fields (their unique index serves) are added.
   */
  sorts?: Record<string, AnyPgColumn>;
  /**
   * Sorting only reorders records sharing these columns' values (e.g. siblings under one parent, a
   * version's icons of one type); a new record goes to the end of its own group.
   */
  sortGroup?: AnyPgColumn | AnyPgColumn[];
  /** Data scope: rows outside it are invisible (404) to this user. */
  scope?: (user: SessionUser) => SQL | undefined;
  /** The record's name for the log summary; default: the declaration's `titleField`, else `name`, else `title`. */
  title?: (row: Values) => string;
  /** Row-count cap for list totals. */
  countCap?: number;
  /** Generic routes left out because special ones replace them (the library's upload, the ads' `PUT /edit`); no delete at all is the declaration's `noDelete`. */
  operations?: { create?: boolean; update?: boolean; remove?: boolean };
  hooks?: {
    /** Runs first in every write transaction (create, update, delete, sort, special routes using `inTransaction`). */
    beforeWrite?(ctx: HookContext): Promise<void> | void;
    /** The validated values; what it returns is inserted (a `sort` it leaves out is the end of the record's group). */
    beforeCreate?(ctx: HookContext, values: z.output<S>): Promise<Values> | Values;
    /** `patch` holds only the fields the client sent (validated by `updateSchema`, which may hold more). */
    beforeUpdate?(ctx: HookContext, before: RecordOf<T>, patch: Patch<S>): Promise<Values> | Values;
    beforeDelete?(ctx: HookContext, before: RecordOf<T>): Promise<void> | void;
    afterWrite?(ctx: HookContext, after: RecordOf<T> | null, before: RecordOf<T> | null): Promise<void> | void;
  };
  /** Registers the resource's special routes first, so `/tree` is not taken for an `/:id`. */
  extend?: (app: Hono<AppEnv>) => void;
  /** The change event its writes send to the site; none: staff-only data (roles, logs …). */
  events?: CrudEvents;
  /**
   * What the hooks refuse with besides the generic refusals (a unique field's 409, an in-use 409,
   * a missing record's 404 are derived from the declaration): the API description names them.
   */
  refusals?: { create?: Refusals; update?: Refusals; remove?: Refusals };
}

/** The declared field names resolved to the table's columns (a name that is not a column is a mistake). */
function columnsOf(table: CrudTable, resource: ResourceDef, names: readonly string[], what: string): AnyPgColumn[] {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  return names.map((name) => {
    if (!all[name]) throw new Error(`${resource.name}: ${what} field "${name}" is not a column of its table`);
    return all[name];
  });
}

/** A patch of only `enabled` is a switch: logged as 启用 / 停用, not 修改. */
const updateTypeOf = (patch: Values) => (Object.keys(patch).join() === 'enabled' ? (patch.enabled ? 'enable' : 'disable') : 'update');

const sortSchema = z.object({
  ids: z
    .array(z.number({ error: 'ids 必须是整数数组' }).int().positive().max(INT4_MAX, '记录不存在'), { error: '请提供 ids 数组' })
    .min(1, '请提供要排序的记录')
    .max(1000),
});

/** Unique-index violations that slip past the pre-check (a concurrent insert) are still a 409. */
/** How long after a delete its 撤销 is honoured (the toast offers it for seconds; a slow network gets more). */
export const RESTORE_WINDOW_MS = 60 * 60 * 1000;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * The routes of an ordinary resource with the DESIGN §2 conventions: list, get one, create,
 * update, delete, sort. Every write is validated, permission-checked, done in one transaction and
 * logged with before and after. Returns a plain Hono sub-app: add special routes to it.
 */
export function crudRoutes<S extends z.ZodObject, T extends CrudTable>(opts: CrudOptions<S, T>) {
  const { resource, table } = opts;
  const columns: Record<string, AnyPgColumn | SQL.Aliased> = opts.columns ?? (getTableColumns(table) as Record<string, AnyPgColumn>);
  const write = opts.write ?? access.route(resource.permission);
  // Declared `signedIn`: reference lists for pickers. Otherwise the permission that writes it.
  const read: AccessMiddleware =
    opts.read ??
    (resource.read === 'signedIn' ? access.signedIn() : opts.write && resource.read !== 'permission' ? opts.write : access.route(resource.permission));
  const updateSchema = opts.updateSchema ?? resource.schema.partial();
  // No delete where the declaration says why (`noDelete`); `operations` turns off what special routes replace.
  const ops = { create: true, update: true, remove: !resource.noDelete, ...opts.operations };
  const titleField = resource.titleField;
  const title = opts.title ?? ((row: Values) => String((titleField ? row[titleField] : (row.name ?? row.title)) ?? row.id ?? ''));
  // Declared select filters on a column come for free; `opts.filters` adds or replaces.
  const filters: Record<string, ListFilter> = { ...declaredFilters(resource, getTableColumns(table) as Record<string, AnyPgColumn>), ...opts.filters };
  const keywordColumns = columnsOf(table, resource, resource.keyword ?? [], 'keyword');
  const unique = (resource.unique ?? []).map((u) => ({ ...u, column: columnsOf(table, resource, [u.field], 'unique')[0] }));
  const media = mediaOwnerOf(resource) ? { ownerType: mediaOwnerOf(resource)!, fields: imageFields(resource) } : null;
  if (media) columnsOf(table, resource, media.fields, 'image');
  const tableId = table.id;
  const sortColumn = (table as unknown as { sort?: AnyPgColumn }).sort;
  const groupColumns = opts.sortGroup === undefined ? [] : Array.isArray(opts.sortGroup) ? opts.sortGroup : [opts.sortGroup];
  const fieldOfColumn = new Map(Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>).map(([name, col]) => [col, name]));
  const sorts: Record<string, AnyPgColumn> = { ...opts.sorts };
  for (const field of resource.fields) {
    const column = columns[field.name];
    if (field.sort && column && !('sql' in column && 'fieldAlias' in column)) sorts[field.name] = column as AnyPgColumn;
  }
  for (const u of unique) sorts[u.field] ??= u.column;

  /** The rows sharing the record's sort group. */
  const groupOf = (record: Values) =>
    and(
      ...groupColumns.map((col) => {
        const value = record[fieldOfColumn.get(col) ?? ''];
        return value === null || value === undefined ? isNull(col) : eq(col, value);
      }),
    );

  /** The `sort` after the last one of the record's group: a new record is appended. */
  async function nextSort(tx: DbOrTx, record: Values): Promise<number> {
    const where = groupOf(record);
    const [{ top }] = await tx
      .select({ top: sql<number | null>`max(${sortColumn})` })
      .from(table as PgTable)
      .where(where);
    return (top === null || top === undefined ? -1 : Number(top)) + 1;
  }

  const base = (db: DbOrTx, extra: Record<string, SQL> = {}) => {
    const q = db
      .select({ ...columns, ...extra })
      .from(table as PgTable)
      .$dynamic();
    return opts.joins ? opts.joins(q) : q;
  };
  const scoped = (user: SessionUser, extra?: SQL) => allOf([opts.scope?.(user), extra]);

  async function getOne(db: DbOrTx, user: SessionUser, id: number): Promise<RecordOf<T> | undefined> {
    const [row] = await base(db)
      .where(scoped(user, eq(tableId, id)))
      .limit(1);
    return row as RecordOf<T> | undefined;
  }

  async function checkUnique(db: DbOrTx, values: Values, exceptId?: number) {
    const errors: Record<string, string> = {};
    for (const u of unique) {
      if (values[u.field] === undefined) continue;
      const [hit] = await db
        .select({ id: tableId })
        .from(table as PgTable)
        .where(allOf([eq(u.column, values[u.field]), exceptId ? ne(tableId, exceptId) : undefined]))
        .limit(1);
      if (hit) errors[u.field] = u.message;
    }
    if (Object.keys(errors).length) throw conflict(Object.values(errors)[0], errors);
  }

  /** The one place a write of the resource tells the site (the declaration's `events`). */
  async function changed(tx: Tx, user: SessionUser | undefined, action: string, after: Values | null, before: Values | null) {
    const events = opts.events;
    if (!events) return;
    const row = after ?? before;
    const id = typeof row?.id === 'number' ? row.id : 0;
    await writeEvent(tx, {
      type: events.type,
      contentType: events.contentType ?? resource.name,
      contentId: id,
      action,
      data: { action, userId: user?.id ?? null },
      item: after && id && events.item ? await events.item(tx, after) : null,
      keys: events.keys(after, before),
    });
  }

  /** One write's transaction; the keys of its events are published to the answer caches once it commits. */
  async function inTransaction<T>(c: Context<AppEnv>, fn: (ctx: HookContext) => Promise<T>): Promise<T> {
    const committed: Array<() => void> = [];
    try {
      const result = await changeTransaction(c.get('db'), async (tx) => {
        const user = c.get('user')!;
        const ctx: HookContext = {
          c,
          tx,
          user,
          afterCommit: (f) => void committed.push(f),
          changed: (action, after, before) => changed(tx, user, action, after, before),
        };
        await opts.hooks?.beforeWrite?.(ctx);
        return fn(ctx);
      });
      for (const f of committed) f();
      return result;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`${resource.label}已存在（名称重复）`);
      throw err;
    }
  }

  /** Library pictures the record uses (DESIGN §9): its image fields' URLs, recorded on every write, cleared on delete. */
  async function recordMedia(tx: Tx, after: Values | null, before: Values | null) {
    if (!media) return;
    const row = (after ?? before)!;
    await recordImageUsage(tx, { type: media.ownerType, id: row.id as number, title: title(row) }, after ? media.fields.map((f) => after[f] as string) : []);
  }

  const app = new Hono<AppEnv>();
  opts.extend?.(app);

  // What each generic route answers (server/http/answer.ts): the declaration's record, and the refusals its rules imply.
  const record = resource.record;
  // Any unique index of the table refuses a duplicate (409), the declared ones with their field's message.
  const duplicate: Refusals = { 409: resource.unique?.map((u) => u.message).join('；') || `${resource.label}已存在（重复）` };
  const hooked = opts.refusals ?? {};
  app.get(opts.listPath ?? '/', read, answers(listOf(record)), async (c) => {
    const query = c.req.query();
    const { page, pageSize, keyword } = parseListQuery(query);
    const db = c.get('db');
    const shared: Array<SQL | undefined> = [opts.scope?.(c.get('user')!)];
    const forPage: Array<SQL | undefined> = [];
    const forCount: Array<SQL | undefined> = [];
    if (keyword && keywordColumns.length) shared.push(or(...keywordColumns.map((col) => ilike(col, likePattern(keyword)))));
    for (const [name, toCondition] of Object.entries(filters)) {
      const value = query[name];
      if (value === undefined || value === '') continue;
      const condition = await toCondition(value, query, db);
      if (isSplit(condition)) {
        forPage.push(condition.page);
        forCount.push(condition.count);
      } else shared.push(condition);
    }
    const where = allOf([...shared, ...forPage]);
    const countWhere = allOf([...shared, ...forCount]);
    const orderBy = listOrder(query, { sorts, id: tableId }) ?? opts.orderBy ?? (sortColumn ? [asc(sortColumn), asc(tableId)] : [desc(tableId)]);
    const cap = opts.countCap ?? 100_000;
    // The page with its capped total in one statement (issue 17).
    const rows = (await base(db, { __total: cappedTotalColumn(db, table as PgTable, countWhere, cap) })
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize)) as Array<RecordOf<T> & { __total: number }>;
    const { list, total, totalCapped } = await totalOfPage(db, rows, { table: table as PgTable, where: countWhere, page, cap });
    return ok(c, { list, page, pageSize, total, totalCapped });
  });

  if (resource.sortable && sortColumn) {
    app.put('/sort', write, answers(z.object({ ids: z.array(z.number().int()) }), { 404: '记录不存在' }), async (c) => {
      const ids = [...new Set(parseInput(sortSchema, await readJson(c)).ids)];
      await inTransaction(c, async ({ tx, user }) => {
        const found = await tx
          .select({ id: tableId, ...Object.fromEntries(groupColumns.map((col, i) => [`g${i}`, col])) })
          .from(table as PgTable)
          .where(scoped(user, inArray(tableId, ids)));
        if (found.length !== ids.length) throw notFound(`部分${resource.label}不存在或无权操作`);
        const groups = new Set(found.map((f) => JSON.stringify(groupColumns.map((_, i) => (f as Values)[`g${i}`]))));
        if (groups.size > 1) {
          throw badRequest(`只能在同一级${resource.label}之间排序`, { ids: `只能在同一级${resource.label}之间排序` });
        }
        // The ids may be part of their group only (a list that hides its retired records by default):
        // they take the places they held among the whole group, in the new order, and the group is
        // numbered 0…n-1 again, so the hidden ones keep their places around them.
        const first = found[0] as Values;
        const groupValues = Object.fromEntries(groupColumns.map((col, i) => [fieldOfColumn.get(col) ?? '', first[`g${i}`]]));
        const whole = await tx
          .select({ id: tableId, sort: sortColumn })
          .from(table as PgTable)
          .where(groupColumns.length ? groupOf(groupValues) : undefined)
          .orderBy(asc(sortColumn), asc(tableId));
        const moving = new Set(ids);
        let next = 0;
        const placed = whole.map((r) => (moving.has(r.id as number) ? ids[next++] : (r.id as number)));
        const sortOf = new Map(whole.map((r) => [r.id as number, Number(r.sort)]));
        for (const [index, id] of placed.entries()) {
          if (sortOf.get(id) === index) continue;
          await tx
            .update(table)
            .set({ sort: index } as never)
            .where(eq(tableId, id));
        }
        await changed(tx, user, 'sort', groupValues, null);
        await logOperation(tx, c, { type: 'sort', resource: resource.name, summary: `调整${resource.label}顺序`, after: { ids } });
      });
      return ok(c, { ids });
    });
  }

  app.get('/:id', read, answers(record), async (c) => {
    const row = await getOne(c.get('db'), c.get('user')!, idParam(c));
    if (!row) throw notFound(`${resource.label}不存在`);
    return ok(c, row);
  });

  if (ops.create) {
    app.post('/', write, answers(record, { ...duplicate, ...hooked.create }), async (c) => {
      const values = parseInput(resource.schema, await readJson(c));
      const created = await inTransaction(c, async (ctx) => {
        await checkUnique(ctx.tx, values);
        const prepared: Values = opts.hooks?.beforeCreate ? await opts.hooks.beforeCreate(ctx, values) : values;
        // A new record goes to the end of its group (unless a hook placed it).
        if (sortColumn && prepared.sort === undefined) prepared.sort = await nextSort(ctx.tx, prepared);
        const [{ id }] = await ctx.tx
          .insert(table)
          .values(prepared as never)
          .returning({ id: tableId });
        const after = (await getOne(ctx.tx, ctx.user, id as number))!;
        await opts.hooks?.afterWrite?.(ctx, after, null);
        await recordMedia(ctx.tx, after, null);
        await ctx.changed('create', after, null);
        await logOperation(ctx.tx, c, {
          type: 'create',
          resource: resource.name,
          resourceId: after.id,
          summary: `新增${resource.label}「${title(after)}」`,
          after,
        });
        return after;
      });
      return ok(c, created);
    });
  }

  if (ops.update) {
    app.put('/:id', write, answers(record, { ...duplicate, ...hooked.update }), async (c) => {
      const id = idParam(c);
      const raw = await readJson(c);
      const parsed = parseInput(updateSchema, raw) as Values;
      // Only the fields the client sent: defaults in the schema must not reset the others.
      const sent = raw && typeof raw === 'object' ? Object.keys(raw) : [];
      const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.includes(k))) as Patch<S>;
      const updated = await inTransaction(c, async (ctx) => {
        const before = await getOne(ctx.tx, ctx.user, id);
        if (!before) throw notFound(`${resource.label}不存在`);
        await checkUnique(ctx.tx, patch, id);
        const prepared = opts.hooks?.beforeUpdate ? await opts.hooks.beforeUpdate(ctx, before, patch) : patch;
        if (Object.keys(prepared).length) {
          await ctx.tx
            .update(table)
            .set({ ...prepared, updatedAt: new Date() } as never)
            .where(eq(tableId, id));
        }
        const after = (await getOne(ctx.tx, ctx.user, id)) ?? before;
        await opts.hooks?.afterWrite?.(ctx, after, before);
        await recordMedia(ctx.tx, after, before);
        const type = updateTypeOf(patch);
        await ctx.changed(type, after, before);
        await logOperation(ctx.tx, c, {
          type,
          resource: resource.name,
          resourceId: id,
          summary: `${OPERATION_TYPES[type]}${resource.label}「${title(after)}」`,
          before,
          after,
        });
        return after;
      });
      return ok(c, updated);
    });
  }

  if (ops.remove) {
    const inUse: Refusals = resource.usedBy?.length ? { 409: '仍被使用，不能删除（data.inUse 列出使用者）' } : {};
    app.delete('/:id', write, answers(z.object({ id: z.number().int() }), { ...inUse, ...hooked.remove }), async (c) => {
      const id = idParam(c);
      await inTransaction(c, async (ctx) => {
        // Locked first: a save pointing at it waits (or is counted), and two deletes do not both log.
        // The declaration's `usedBy`, resolved to tables by the registry (server/resources.ts).
        const usedBy = self.usedBy;
        if (usedBy.length) await lockForDelete(ctx.tx, table, id);
        const before = await getOne(ctx.tx, ctx.user, id);
        if (!before) throw notFound(`${resource.label}不存在`);
        await opts.hooks?.beforeDelete?.(ctx, before);
        if (usedBy.length) await assertUnused(ctx.tx, { label: resource.label, usedBy, id });
        await ctx.tx.delete(table).where(eq(tableId, id));
        await opts.hooks?.afterWrite?.(ctx, null, before);
        await recordMedia(ctx.tx, null, before);
        await ctx.changed('delete', null, before);
        await logOperation(ctx.tx, c, {
          type: 'delete',
          resource: resource.name,
          resourceId: id,
          summary: `删除${resource.label}「${title(before)}」`,
          before,
        });
      });
      return ok(c, { id });
    });
  }

  if (ops.remove && !resource.noRestore) {
    /**
     * 撤销 after a delete (ux-2026-11-28 P2-3): the record comes back from its delete's log entry
     * (the before-snapshot), with its old id and place, under the rules of a create: the declared
     * fields validated again, unique fields checked (a record made meanwhile under the same name
     * wins: 409), the create hook's reference checks, the data scope, one transaction, logged as
     * 恢复. Only the newest delete of the last `RESTORE_WINDOW_MS` counts.
     */
    app.post('/:id/restore', write, answers(record, { ...duplicate, 409: '没有被删除（可能已经恢复），或与已有记录重复', ...hooked.create }), async (c) => {
      const id = idParam(c);
      const restored = await inTransaction(c, async (ctx) => {
        const [still] = await ctx.tx
          .select({ id: tableId })
          .from(table as PgTable)
          .where(eq(tableId, id))
          .limit(1);
        if (still) throw conflict(`${resource.label}没有被删除（可能已经恢复）`);
        const since = new Date(Date.now() - RESTORE_WINDOW_MS);
        const [entry] = await ctx.tx
          .select({ type: operationLogs.type, before: operationLogs.before })
          .from(operationLogs)
          .where(and(eq(operationLogs.resource, resource.name), gte(operationLogs.createdAt, since), eq(operationLogs.resourceId, String(id))))
          .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
          .limit(1);
        if (!entry || entry.type !== 'delete' || !entry.before) throw notFound(`没有可以恢复的${resource.label}（只能撤销 1 小时内的删除）`);
        const snap = entry.before as Values;
        // The table's own columns from the snapshot (JSON turned dates into strings).
        const row: Values = {};
        for (const [name, col] of Object.entries(getTableColumns(table) as Record<string, AnyPgColumn>)) {
          if (!(name in snap)) continue;
          row[name] = col.dataType === 'date' && typeof snap[name] === 'string' ? new Date(snap[name] as string) : snap[name];
        }
        const shape = resource.schema.shape as Record<string, unknown>;
        const values = parseInput(resource.schema, Object.fromEntries(Object.entries(snap).filter(([k]) => k in shape))) as z.output<S>;
        await checkUnique(ctx.tx, values);
        const prepared: Values = opts.hooks?.beforeCreate ? await opts.hooks.beforeCreate(ctx, values) : values;
        const record: Values = { ...row, ...prepared, id };
        // Back in its old place: the rows from there on move down one when another took it meanwhile.
        if (sortColumn && typeof record.sort === 'number') {
          const [taken] = await ctx.tx
            .select({ id: tableId })
            .from(table as PgTable)
            .where(and(groupOf(record), eq(sortColumn, record.sort)))
            .limit(1);
          if (taken) {
            await ctx.tx
              .update(table)
              .set({ sort: sql`${sortColumn} + 1` } as never)
              .where(and(groupOf(record), gte(sortColumn, record.sort)));
          }
        } else if (sortColumn) record.sort = await nextSort(ctx.tx, record);
        await ctx.tx.insert(table).values(record as never);
        const after = await getOne(ctx.tx, ctx.user, id);
        if (!after) throw notFound(`${resource.label}不存在或无权操作`);
        await opts.hooks?.afterWrite?.(ctx, after, null);
        await recordMedia(ctx.tx, after, null);
        await ctx.changed('restore', after, null);
        await logOperation(ctx.tx, c, { type: 'restore', resource: resource.name, resourceId: id, summary: `恢复${resource.label}「${title(after)}」`, after });
        return after;
      });
      return ok(c, restored);
    });
  }

  const self = Object.assign(app, {
    getOne,
    inTransaction,
    events: opts.events,
    recordMedia,
    nextSort,
    read,
    write,
    resource,
    table,
    columns,
    /** What the API description (server/openapi.ts) says of the list and the update. */
    describe: { listPath: opts.listPath ?? '/', filters: Object.keys(filters), sorts: Object.keys(sorts), updateSchema, ops },
    /** The relations that keep a record; the registry sets them from the declaration (server/resources.ts). */
    usedBy: [] as UsedBy[],
  });
  return self;
}
