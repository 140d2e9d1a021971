import { Hono, type Context } from 'hono';
import { asc, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import type { ResourceDef } from '../../lib/resources/define';
import { access, type AccessMiddleware } from '../auth/access';
import type { DbOrTx, Tx } from '../db/types';
import { badRequest, conflict, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { readJson } from '../http/body';
import type { AppEnv, SessionUser } from '../http/types';
import { allOf, cappedTotalColumn, likePattern, listOrder, parseListQuery, totalOfPage } from './list';
import { assertUnused, lockForDelete, type UsedBy } from './in-use';
import { recordImageUsage } from './media-usage';
import { logOperation, OPERATION_TYPES, type OperationType } from './oplog';

type Row = Record<string, unknown> & { id: number };
type Values = Record<string, unknown>;

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
}

export interface CrudOptions {
  resource: ResourceDef;
  /** The Drizzle table; it must have an integer `id` (and `sort` when the resource sorts). */
  table: PgTable & { id: AnyPgColumn };
  /** Columns a list row and a record carry (select only what the screen shows). */
  columns: Record<string, AnyPgColumn | SQL.Aliased>;
  /** Adds joins to the base select (e.g. department and role names). */
  joins?: <Q extends { leftJoin: (...args: never[]) => unknown }>(q: Q) => Q;
  /** Who may read: any signed-in user (reference lists for pickers) or the resource's permission. */
  read?: 'signedIn' | 'permission' | AccessMiddleware;
  /**
   * Who may write, when not the resource's one permission (e.g. search keywords: app/m on one screen,
   * pc on another; the `scope` and hooks then narrow it per record).
   */
  write?: AccessMiddleware;
  /** Where the list answers (default `/`; the ads list is `GET /api/advertise/list`). */
  listPath?: string;
  /**
   * Library pictures the record uses (DESIGN §9): the URLs in these fields are recorded in
   * `media_usage` under `ownerType` on every create and update, and cleared on delete.
   */
  media?: { ownerType: string; fields: string[] };
  /** Update schema; default: the create schema, every field optional. */
  updateSchema?: z.ZodObject;
  /**
   * Query-parameter filters → conditions on indexed columns. The whole query is passed too, for a
   * filter another parameter modifies (e.g. `departmentId` with `withSub=true` for a subtree).
   */
  filters?: Record<string, ListFilter>;
  /** Columns searched by `keyword`. */
  keyword?: AnyPgColumn[];
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
  /** Sorting only reorders records sharing this column's value (e.g. siblings under one parent). */
  sortGroup?: AnyPgColumn;
  /** Unique fields: a duplicate answers 409 with a field error. */
  unique?: Array<{ field: string; column: AnyPgColumn; message: string }>;
  /** Data scope: rows outside it are invisible (404) to this user. */
  scope?: (user: SessionUser) => SQL | undefined;
  /** The operation type an update is logged as (default `update`), e.g. enable / disable. */
  updateType?: (patch: Values) => OperationType;
  /** The record's name for the log summary. */
  title?: (row: Values) => string;
  /**
   * What keeps a record from being deleted (issue 14): the delete locks the record, runs
   * `beforeDelete`, then refuses with 409 naming each relation's count (and its filtered list) while
   * any row still points at it. @see server/crud/in-use.ts
   */
  usedBy?: UsedBy[];
  /** Row-count cap for list totals. */
  countCap?: number;
  operations?: { create?: boolean; update?: boolean; remove?: boolean };
  hooks?: {
    /** Runs first in every write transaction (create, update, delete, sort, special routes using `inTransaction`). */
    beforeWrite?(ctx: HookContext): Promise<void> | void;
    beforeCreate?(ctx: HookContext, values: Values): Promise<Values> | Values;
    beforeUpdate?(ctx: HookContext, before: Row, patch: Values): Promise<Values> | Values;
    beforeDelete?(ctx: HookContext, before: Row): Promise<void> | void;
    afterWrite?(ctx: HookContext, after: Row | null, before: Row | null): Promise<void> | void;
  };
  /** Registers the resource's special routes first, so `/tree` is not taken for an `/:id`. */
  extend?: (app: Hono<AppEnv>) => void;
}

const sortSchema = z.object({
  ids: z
    .array(z.number({ error: 'ids 必须是整数数组' }).int().positive().max(INT4_MAX, '记录不存在'), { error: '请提供 ids 数组' })
    .min(1, '请提供要排序的记录')
    .max(1000),
});

/** Unique-index violations that slip past the pre-check (a concurrent insert) are still a 409. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * The routes of an ordinary resource with the DESIGN §2 conventions: list, get one, create,
 * update, delete, sort. Every write is validated, permission-checked, done in one transaction and
 * logged with before and after. Returns a plain Hono sub-app: add special routes to it.
 */
export function crudRoutes(opts: CrudOptions) {
  const { resource, table, columns } = opts;
  const write = opts.write ?? access.route(resource.permission);
  const read: AccessMiddleware =
    typeof opts.read === 'function'
      ? opts.read
      : opts.read === 'signedIn'
        ? access.signedIn()
        : opts.write && opts.read !== 'permission'
          ? opts.write
          : access.route(resource.permission);
  const updateSchema = opts.updateSchema ?? resource.schema.partial();
  const ops = { create: true, update: true, remove: true, ...opts.operations };
  const title = opts.title ?? ((row: Values) => String(row.name ?? row.title ?? row.id ?? ''));
  const tableId = table.id;
  const sortColumn = (table as unknown as { sort?: AnyPgColumn }).sort;
  const sorts: Record<string, AnyPgColumn> = { ...opts.sorts };
  for (const field of resource.fields) {
    const column = columns[field.name];
    if (field.sort && column && !('sql' in column && 'fieldAlias' in column)) sorts[field.name] = column as AnyPgColumn;
  }
  for (const u of opts.unique ?? []) sorts[u.field] ??= u.column;

  const base = (db: DbOrTx, extra: Record<string, SQL> = {}) => {
    const q = db
      .select({ ...columns, ...extra })
      .from(table as PgTable)
      .$dynamic();
    return opts.joins ? opts.joins(q) : q;
  };
  const scoped = (user: SessionUser, extra?: SQL) => allOf([opts.scope?.(user), extra]);

  async function getOne(db: DbOrTx, user: SessionUser, id: number): Promise<Row | undefined> {
    const [row] = await base(db)
      .where(scoped(user, eq(tableId, id)))
      .limit(1);
    return row as Row | undefined;
  }

  async function checkUnique(db: DbOrTx, values: Values, exceptId?: number) {
    const errors: Record<string, string> = {};
    for (const u of opts.unique ?? []) {
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

  async function inTransaction<T>(c: Context<AppEnv>, fn: (ctx: HookContext) => Promise<T>): Promise<T> {
    const committed: Array<() => void> = [];
    try {
      const result = await c.get('db').transaction(async (tx) => {
        const ctx: HookContext = { c, tx, user: c.get('user')!, afterCommit: (f) => void committed.push(f) };
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

  async function recordMedia(tx: Tx, after: Row | null, before: Row | null) {
    if (!opts.media) return;
    const row = after ?? before!;
    await recordImageUsage(tx, { type: opts.media.ownerType, id: row.id, title: title(row) }, after ? opts.media.fields.map((f) => after[f] as string) : []);
  }

  const app = new Hono<AppEnv>();
  opts.extend?.(app);

  app.get(opts.listPath ?? '/', read, async (c) => {
    const query = c.req.query();
    const { page, pageSize, keyword } = parseListQuery(query);
    const db = c.get('db');
    const shared: Array<SQL | undefined> = [opts.scope?.(c.get('user')!)];
    const forPage: Array<SQL | undefined> = [];
    const forCount: Array<SQL | undefined> = [];
    if (keyword && opts.keyword?.length) shared.push(or(...opts.keyword.map((col) => ilike(col, likePattern(keyword)))));
    for (const [name, toCondition] of Object.entries(opts.filters ?? {})) {
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
      .offset((page - 1) * pageSize)) as Array<Row & { __total: number }>;
    const { list, total, totalCapped } = await totalOfPage(db, rows, { table: table as PgTable, where: countWhere, page, cap });
    return ok(c, { list, page, pageSize, total, totalCapped });
  });

  if (resource.sortable && sortColumn) {
    app.put('/sort', write, async (c) => {
      const { ids } = parseInput(sortSchema, await readJson(c));
      const unique = [...new Set(ids)];
      await inTransaction(c, async ({ tx, user }) => {
        const found = await tx
          .select({ id: tableId, group: opts.sortGroup ?? tableId })
          .from(table as PgTable)
          .where(scoped(user, inArray(tableId, unique)));
        if (found.length !== unique.length) throw notFound(`部分${resource.label}不存在或无权操作`);
        if (opts.sortGroup && new Set(found.map((f) => f.group)).size > 1) {
          throw badRequest(`只能在同一级${resource.label}之间排序`, { ids: `只能在同一级${resource.label}之间排序` });
        }
        for (const [index, id] of unique.entries()) {
          await tx
            .update(table)
            .set({ sort: index } as never)
            .where(eq(tableId, id));
        }
        await logOperation(tx, c, { type: 'sort', resource: resource.name, summary: `调整${resource.label}顺序`, after: { ids: unique } });
      });
      return ok(c, { ids: unique });
    });
  }

  app.get('/:id', read, async (c) => {
    const row = await getOne(c.get('db'), c.get('user')!, idParam(c));
    if (!row) throw notFound(`${resource.label}不存在`);
    return ok(c, row);
  });

  if (ops.create) {
    app.post('/', write, async (c) => {
      const values = parseInput(resource.schema, await readJson(c)) as Values;
      const created = await inTransaction(c, async (ctx) => {
        await checkUnique(ctx.tx, values);
        const prepared = opts.hooks?.beforeCreate ? await opts.hooks.beforeCreate(ctx, values) : values;
        const [{ id }] = await ctx.tx
          .insert(table)
          .values(prepared as never)
          .returning({ id: tableId });
        const after = (await getOne(ctx.tx, ctx.user, id as number))!;
        await opts.hooks?.afterWrite?.(ctx, after, null);
        await recordMedia(ctx.tx, after, null);
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
    app.put('/:id', write, async (c) => {
      const id = idParam(c);
      const raw = await readJson(c);
      const parsed = parseInput(updateSchema, raw) as Values;
      // Only the fields the client sent: defaults in the schema must not reset the others.
      const sent = raw && typeof raw === 'object' ? Object.keys(raw) : [];
      const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.includes(k)));
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
        const type = opts.updateType?.(patch) ?? 'update';
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
    app.delete('/:id', write, async (c) => {
      const id = idParam(c);
      await inTransaction(c, async (ctx) => {
        // Locked first: a save pointing at it waits (or is counted), and two deletes do not both log.
        if (opts.usedBy?.length) await lockForDelete(ctx.tx, table, id);
        const before = await getOne(ctx.tx, ctx.user, id);
        if (!before) throw notFound(`${resource.label}不存在`);
        await opts.hooks?.beforeDelete?.(ctx, before);
        if (opts.usedBy?.length) await assertUnused(ctx.tx, { label: resource.label, usedBy: opts.usedBy, id });
        await ctx.tx.delete(table).where(eq(tableId, id));
        await opts.hooks?.afterWrite?.(ctx, null, before);
        await recordMedia(ctx.tx, null, before);
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

  return Object.assign(app, { getOne, inTransaction, recordMedia, read, write, resource, usedBy: opts.usedBy ?? [] });
}
