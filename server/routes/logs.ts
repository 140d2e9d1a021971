import { Hono } from 'hono';
import { desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { INT4_MAX } from '../../lib/constants';
import { access } from '../auth/access';
import { loginLogs, operationLogs } from '../db/schema';
import { OPERATION_TYPES } from '../crud/oplog';
import { allOf, likePattern, listQuerySchema, pageOf, parseListQuery } from '../crud/list';
import { queryDoc } from '../http/input';
import { answers } from '../http/answer';
import { loginLogPage, operationLogDetail, operationLogOptions, operationLogPage } from '../../lib/resources/schemas/logs';
import { badRequest, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import type { AppEnv } from '../http/types';

/** Log lists count at most this many matches ("10000+"): tables of millions stay fast. */
export const LOG_COUNT_CAP = 10_000;

const isoTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}必须是 ISO-8601 时间` })
    // A person means 1970–9999. The check is on the instant, not the text: 9999-12-31T23:59-23:59
    // is already in year 10000, which PostgreSQL's timestamp input refuses.
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    }, `${label}超出范围（1970–9999 年）`)
    .optional();

const loginFilters = z.object({
  username: z.string().trim().max(64).optional(),
  success: z.enum(['true', 'false'], { error: '结果只能是 true 或 false' }).optional(),
  ip: z.string().trim().max(64).optional(),
  from: isoTime('开始时间'),
  to: isoTime('结束时间'),
});

const operationFilters = z.object({
  userId: z.coerce.number().int().positive('用户 id 必须是正整数').max(INT4_MAX, '用户不存在').optional(),
  username: z.string().trim().max(64).optional(),
  type: z.string().trim().max(32).optional(),
  resource: z.string().trim().max(64).optional(),
  from: isoTime('开始时间'),
  to: isoTime('结束时间'),
});

function timeRange(column: typeof loginLogs.createdAt | typeof operationLogs.createdAt, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(gte(column, new Date(from)));
  if (to) out.push(lte(column, new Date(to)));
  return out;
}

/** Shorter text than this matches whole values only: a trigram index needs three characters. */
export const LOG_PARTIAL_MIN = 3;

/**
 * 用户名 and IP filters match part of the value (`zhang` finds zhangwei, `10.2.` a subnet) through
 * the trigram indexes of migration 0009; one or two characters match the whole value (b-tree).
 */
function textMatch(column: typeof loginLogs.username | typeof loginLogs.ip | typeof operationLogs.username, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return value.length >= LOG_PARTIAL_MIN ? ilike(column, likePattern(value)) : eq(column, value);
}

/**
 * Pages beyond the counted range would make the database skip millions of rows (OFFSET); the
 * screen never offers them, and narrowing the filters is the way to older entries.
 */
function assertWithinCap(page: number, pageSize: number) {
  if ((page - 1) * pageSize >= LOG_COUNT_CAP) {
    throw badRequest(`只能翻看前 ${LOG_COUNT_CAP} 条，请缩小时间范围或增加筛选条件`, { page: `页码过大，请缩小筛选范围` });
  }
}

/** Blank query values count as absent (cleared filter fields). */
const present = (q: Record<string, string>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

/** 登录日志 · 操作日志: newest first, filtered on indexed columns, totals capped. `logged`: the resources' names (server/crud/catalogue.ts). */
export const logRoutes = (logged: Readonly<Record<string, string>>) =>
  new Hono<AppEnv>()
    .get('/login', access.route('/log'), queryDoc(listQuerySchema, loginFilters), answers(loginLogPage), async (c) => {
      const query = present(c.req.query());
      const { page, pageSize } = parseListQuery(query);
      assertWithinCap(page, pageSize);
      const f = parseInput(loginFilters, query);
      const where = allOf([
        textMatch(loginLogs.username, f.username),
        f.success ? eq(loginLogs.success, f.success === 'true') : undefined,
        textMatch(loginLogs.ip, f.ip),
        ...timeRange(loginLogs.createdAt, f.from, f.to),
      ]);
      const db = c.get('db');
      const select = db
        .select({
          id: loginLogs.id,
          username: loginLogs.username,
          userId: loginLogs.userId,
          ip: loginLogs.ip,
          userAgent: loginLogs.userAgent,
          success: loginLogs.success,
          reason: loginLogs.reason,
          createdAt: loginLogs.createdAt,
        })
        .from(loginLogs)
        .where(where)
        .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id));
      return ok(c, await pageOf(db, { query: select, table: loginLogs, where, page, pageSize, cap: LOG_COUNT_CAP }));
    })
    .get('/operation_type', access.route('/log/operate'), answers(operationLogOptions), (c) =>
      ok(c, {
        types: Object.entries(OPERATION_TYPES).map(([value, label]) => ({ value, label })),
        resources: Object.entries(logged).map(([value, label]) => ({ value, label })),
      }),
    )
    .get('/operation', access.route('/log/operate'), queryDoc(listQuerySchema, operationFilters), answers(operationLogPage), async (c) => {
      const query = present(c.req.query());
      const { page, pageSize } = parseListQuery(query);
      assertWithinCap(page, pageSize);
      const f = parseInput(operationFilters, query);
      const where = allOf([
        f.userId ? eq(operationLogs.userId, f.userId) : undefined,
        textMatch(operationLogs.username, f.username),
        f.type ? eq(operationLogs.type, f.type) : undefined,
        f.resource ? eq(operationLogs.resource, f.resource) : undefined,
        ...timeRange(operationLogs.createdAt, f.from, f.to),
      ]);
      const db = c.get('db');
      // The list leaves out before/after (large JSON); the detail drawer fetches them by id.
      const select = db
        .select({
          id: operationLogs.id,
          userId: operationLogs.userId,
          username: operationLogs.username,
          type: operationLogs.type,
          resource: operationLogs.resource,
          resourceId: operationLogs.resourceId,
          summary: operationLogs.summary,
          ip: operationLogs.ip,
          createdAt: operationLogs.createdAt,
        })
        .from(operationLogs)
        .where(where)
        .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id));
      return ok(c, await pageOf(db, { query: select, table: operationLogs, where, page, pageSize, cap: LOG_COUNT_CAP }));
    })
    .get('/operation/:id', access.route('/log/operate'), answers(operationLogDetail), async (c) => {
      const [row] = await c
        .get('db')
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.id, idParam(c, { max: Number.MAX_SAFE_INTEGER })))
        .limit(1);
      if (!row) throw notFound('日志不存在');
      return ok(c, row);
    });
