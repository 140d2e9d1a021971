/**
 * What 数据统计 and the home page's figures answer (server/routes/statistics.ts, DESIGN §11): the
 * API description publishes these schemas and lib/api/statistics.ts's types are their `z.output`.
 * @see docs/decisions.md, "Issue 25: one source for what the API answers"
 */
import { z } from 'zod';
import { isoTime, listOf, recordId, refId } from './common';

const int = z.number().int();
/** A China day, `YYYY-MM-DD`. */
const day = z.string();

/** Publications, page views and visitors of a day, an editor or a range. */
export const statsFigures = z.object({ articles: int, videos: int, pv: int, uv: int });

/** `GET /api/statistics/sum`: today, this week and this month against the same stretch before. */
export const statsSum = z.object({
  today: day,
  kpis: z.array(
    z.object({
      key: z.enum(['today', 'week', 'month']),
      label: z.string(),
      previousLabel: z.string(),
      from: day,
      to: day,
      current: statsFigures,
      previous: statsFigures,
    }),
  ),
});

/** An editor's figures with their names (server/statistics/figures.ts `editorRows`). */
const names = { username: z.string(), name: z.string(), departmentName: z.string().nullable() };
const editorFigures = statsFigures.extend({ userId: recordId, departmentId: refId, ...names });

/** `GET /api/statistics/chart`: the trend by day, the departments and the ten busiest editors. */
export const statsChart = z.object({
  from: day,
  to: day,
  days: z.array(statsFigures.extend({ date: day })),
  departments: z.array(statsFigures.extend({ departmentId: refId, departmentName: z.string() })),
  editors: z.array(editorFigures),
});

const person = z.object({ id: recordId, username: z.string(), name: z.string() });
/** `GET /api/statistics/options`: the departments and editors the viewer may filter by. */
export const statsOptions = z.object({ departments: z.array(person.pick({ id: true, name: true })), editors: z.array(person) });

/** A row of 数据统计's table: per day (`id` the day), per editor (`id` the user) or per day and editor. */
export const statsListRow = statsFigures.extend({
  id: z.union([z.string(), int]),
  date: day.optional(),
  userId: recordId.optional(),
  departmentId: refId.optional(),
  username: z.string().optional(),
  name: z.string().optional(),
  departmentName: z.string().nullable().optional(),
  /** Editors with a row that day (per day) or days with a row (per editor). */
  editors: int.optional(),
  days: int.optional(),
});
/** `GET /api/statistics/list`. */
export const statsList = listOf(statsListRow).extend({
  view: z.enum(['day', 'editor', 'row']),
  from: day,
  to: day,
  totals: statsFigures.extend({ days: int, editors: int }),
});

/** A row of `GET /api/statistics/detail`: an editor's days, or a day's editors. */
export const statsDetailRow = statsFigures.extend({
  date: day.optional(),
  userId: recordId.optional(),
  departmentId: refId,
  updatedAt: isoTime,
  username: z.string().optional(),
  name: z.string().optional(),
  departmentName: z.string().nullable().optional(),
});
export const statsDetail = z.object({
  kind: z.enum(['editor', 'day']),
  editor: person.optional(),
  date: day.optional(),
  from: day.optional(),
  to: day.optional(),
  list: z.array(statsDetailRow),
  totals: statsFigures,
});

/** `PUT /api/statistics/edit`: the day row as corrected. */
export const statsDayRow = statsFigures.extend({ id: recordId, date: day, userId: recordId, departmentId: refId, updatedAt: isoTime });

/** A line of an import, with its error or the editor it names and the values it replaces. */
export const statsImportPreviewRow = z.object({
  line: int,
  date: z.string(),
  username: z.string(),
  name: z.string().optional(),
  userId: recordId.optional(),
  pv: z.union([int, z.string()]),
  uv: z.union([int, z.string()]),
  before: z.object({ pv: int, uv: int }).nullable().optional(),
  error: z.string().optional(),
});
/** `POST /api/statistics/import`: the preview (`applied: false`) or what was imported. */
export const statsImportResult = z.object({
  rows: z.array(statsImportPreviewRow),
  total: int,
  errorCount: int,
  columns: z.array(z.string()),
  applied: z.boolean(),
});
