/**
 * What 登录日志 and 操作日志 answer (server/routes/logs.ts): the API description publishes these
 * schemas and the log screens' row types are their `z.output` (lib/api/types.ts).
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */
import { z } from 'zod';
import { isoTime, listOf, refId } from './common';

/** A log's id: a bigserial read as a number. */
const logId = z.number().int().positive();

/** One row of `GET /api/log/login`. */
export const loginLogRow = z.object({
  id: logId,
  username: z.string(),
  userId: refId,
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  /** A reason code written by server/routes/auth.ts (`ok`, `bad_password` …). */
  reason: z.string(),
  createdAt: isoTime,
});
export const loginLogPage = listOf(loginLogRow);

/** One row of `GET /api/log/operation`: the list leaves out before/after (large JSON). */
export const operationLogRow = z.object({
  id: logId,
  userId: refId,
  username: z.string(),
  type: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  summary: z.string(),
  ip: z.string(),
  createdAt: isoTime,
});
export const operationLogPage = listOf(operationLogRow);
/** `GET /api/log/operation/{id}`: the whole row, with what the record was before and after. */
export const operationLogDetail = operationLogRow.extend({ before: z.unknown(), after: z.unknown() });

const option = z.object({ value: z.string(), label: z.string() });
/** `GET /api/log/operation_type`: the filters' choices (operation types, logged resources). */
export const operationLogOptions = z.object({ types: z.array(option), resources: z.array(option) });
