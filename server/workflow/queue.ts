import { eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { STATUS } from '../../lib/resources/workflow';
import { users } from '../db/schema';
import type { Db } from '../db/types';
import { allOf, likePattern } from '../crud/list';
import { idFilter } from '../http/params';
import type { AppEnv } from '../http/types';
import { targetScope, type WorkflowTarget } from './engine';

/** The review queue (`GET /api/articles_review`): its filters, and one select per target that the route unites. */

const time = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}必须是 ISO-8601 时间` })
    .refine((v) => {
      const y = new Date(v).getUTCFullYear();
      return y >= 1970 && y <= 9999;
    }, `${label}超出范围`)
    .optional();

export const queueFilters = z.object({
  contentType: z.enum(['article', 'video'], { error: '内容类型不正确' }).optional(),
  kind: z.enum(['article', 'gallery', 'video'], { error: '类型不正确' }).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === STATUS.pending || v === STATUS.rejected, '只能查看待审核或已驳回')
    .default(STATUS.pending),
  editorId: z.string().optional(),
  departmentId: z.string().optional(),
  from: time('提交开始时间'),
  to: time('提交结束时间'),
});

const byId = (column: AnyPgColumn, value?: string) => {
  if (value === undefined) return undefined;
  const id = idFilter(value);
  return id === null ? sql`false` : eq(column, id);
};

/** The queue's select over one target (same shape for every target, so they can be united). */
export function queueSelect(db: Db, target: WorkflowTarget, where: SQL | undefined) {
  const c = target.columns;
  const kind = target.extraColumns?.kind ?? sql<string>`${target.type}`;
  const hits = c.checkResult ? sql<number>`coalesce(jsonb_array_length(${c.checkResult} -> 'hits'), 0)` : sql<number>`0`;
  // Why the item reads neither 「N 个敏感词」 nor a pass: nothing checked it (server/content/check.ts).
  const unchecked = c.checkResult
    ? sql<string | null>`CASE WHEN ${c.checkResult} IS NULL THEN '尚未检测' ELSE ${c.checkResult} ->> 'unchecked' END`
    : sql<string | null>`'尚未检测'`;
  return db
    .select({
      contentType: sql<string>`${target.type}::text`.as('content_type'),
      id: sql<number>`${c.id}`.as('id'),
      kind: sql<string>`${kind}::text`.as('kind'),
      title: sql<string>`${c.title}`.as('title'),
      editorId: sql<number>`${c.editorId}`.as('editor_id'),
      editorName: sql<string | null>`${users.name}`.as('editor_name'),
      departmentId: sql<number | null>`${c.departmentId}`.as('department_id'),
      status: sql<number>`${c.status}`.as('status'),
      version: sql<number>`${c.version}`.as('version'),
      submittedAt: sql<Date | null>`${c.submittedAt}`.as('submitted_at'),
      publishAt: sql<Date | null>`${c.publishAt}`.as('publish_at'),
      reviewComment: sql<string>`${c.reviewComment}`.as('review_comment'),
      reviewedAt: sql<Date | null>`${c.reviewedAt}`.as('reviewed_at'),
      hits: sql<number>`${hits}`.mapWith(Number).as('hits'),
      unchecked: sql<string | null>`${unchecked}`.as('unchecked'),
    })
    .from(target.table)
    .leftJoin(users, eq(users.id, c.editorId))
    .where(where);
}

export function queueWhere(target: WorkflowTarget, user: NonNullable<AppEnv['Variables']['user']>, f: z.infer<typeof queueFilters>, keyword?: string) {
  const c = target.columns;
  const kindCol = target.extraColumns?.kind;
  return allOf([
    targetScope(target, user),
    eq(c.status, f.status),
    keyword ? ilike(c.title, likePattern(keyword)) : undefined,
    f.kind ? (kindCol ? eq(kindCol, f.kind) : sql`false`) : undefined,
    byId(c.editorId, f.editorId),
    byId(c.departmentId, f.departmentId),
    f.from ? gte(c.submittedAt, new Date(f.from)) : undefined,
    f.to ? lte(c.submittedAt, new Date(f.to)) : undefined,
  ]);
}
