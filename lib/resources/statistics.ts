import { z } from 'zod';
import { INT4_MAX } from '../constants';
import { optionalText } from './schemas/common';

/**
 * Statistics (DESIGN §11): one row per day (China time) and editor. Shared by the screens and the
 * server: the filters of GET /api/statistics/list, the correction of PUT /api/statistics/edit and
 * the rows of POST /api/statistics/import.
 */

/** Days are China days (Asia/Shanghai, UTC+8 all year: China has no daylight saving since 1991). */
export const CHINA_OFFSET_MS = 8 * 3600_000;

/** The China day (YYYY-MM-DD) of an instant. */
export const chinaDate = (d: Date = new Date()): string => new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** YYYY-MM-DD plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The longest range a list, chart or detail covers: one year and a day (a leap year). */
export const MAX_RANGE_DAYS = 367;
/** Most rows one import takes (200 editors × a month ≈ 6 000). */
export const IMPORT_MAX_ROWS = 10_000;
/** Page views and visitors of one editor and day at most (an int column). */
export const COUNT_MAX = 1_000_000_000;

const validDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 2000;
};

export const dayString = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    // The shared date-range filter writes ISO times with the browser's offset: its day is the date.
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
        .refine(validDay, `${label}不是有效日期`),
    );

const count = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能为负数`)
    .max(COUNT_MAX, `${label}不能超过 ${COUNT_MAX}`);

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}无效`)
    .positive(`${label}无效`)
    .max(INT4_MAX, `${label}不存在`);

export const STATS_VIEWS = { day: '按日期', editor: '按编辑' } as const;
export type StatsView = keyof typeof STATS_VIEWS;

/** The filters of list / detail / charts: a date range, a department, an editor. */
export const statsFilterSchema = z
  .object({
    from: dayString('开始日期').optional(),
    to: dayString('结束日期').optional(),
    departmentId: id('部门').optional(),
    userId: id('编辑').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to) {
      if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
      else if (daysBetween(v.from, v.to) > MAX_RANGE_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `时间范围最多 ${MAX_RANGE_DAYS} 天，请缩小范围` });
    }
  });
export type StatsFilter = z.infer<typeof statsFilterSchema>;

export const statsListSchema = z.object({
  view: z.enum(['day', 'editor'], { error: '统计方式只能是 day 或 editor' }).default('day'),
});

/** A detail: one editor's days (userId) or one day's editors (date). */
export const statsDetailSchema = z
  .object({
    userId: id('编辑').optional(),
    date: dayString('日期').optional(),
    from: dayString('开始日期').optional(),
    to: dayString('结束日期').optional(),
  })
  .refine((v) => v.userId !== undefined || v.date !== undefined, { path: ['userId'], message: '请指定编辑或日期' });

/** A correction of one day and editor: page views and visitors, with the reason kept in the log. */
export const statsEditSchema = z
  .object({
    date: dayString('日期'),
    userId: id('编辑'),
    pv: count('浏览量'),
    uv: count('访客数'),
    reason: optionalText('修改原因', 200).pipe(z.string().min(1, '请填写修改原因，它会记入操作日志')),
  })
  .refine((v) => v.pv < 0 || v.uv <= v.pv, { path: ['uv'], message: '访客数不能大于浏览量' });
export type StatsEdit = z.infer<typeof statsEditSchema>;

/** One imported row: a day, the editor's username, page views and visitors. */
export const statsImportRowSchema = z
  .object({
    date: dayString('日期'),
    username: z.string({ error: '请填写用户名' }).trim().min(1, '请填写用户名').max(64, '用户名不能超过 64 个字符'),
    pv: count('浏览量'),
    uv: count('访客数'),
  })
  .refine((v) => v.pv < 0 || v.uv <= v.pv, { path: ['uv'], message: '访客数不能大于浏览量' });
export type StatsImportRow = z.infer<typeof statsImportRowSchema>;

/** The CSV columns of the import and export (a header row with these names, or none). */
export const IMPORT_COLUMNS = ['日期', '用户名', '浏览量', '访客数'] as const;

/** Splits CSV text into cells (quotes, doubled quotes, CRLF); blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c.trim() !== '')) rows.push(row);
  return rows;
}

/** CSV text into import rows (the header row, if any, is skipped; columns in IMPORT_COLUMNS order). */
export function csvToImportRows(text: string): Array<Record<string, string>> {
  const cells = parseCsv(text);
  const header = cells[0]?.map((c) => c.trim());
  const hasHeader = header && (header[0] === IMPORT_COLUMNS[0] || header[0]?.toLowerCase() === 'date');
  return (hasHeader ? cells.slice(1) : cells).map((r) => ({ date: r[0] ?? '', username: r[1] ?? '', pv: r[2] ?? '', uv: r[3] ?? '' }));
}

export const statsImportSchema = z
  .object({
    rows: z.array(z.record(z.string(), z.unknown()), { error: '请提供要导入的行' }).max(IMPORT_MAX_ROWS, `一次最多导入 ${IMPORT_MAX_ROWS} 行`).optional(),
    csv: z.string().max(2_000_000, 'CSV 内容过大').optional(),
    apply: z.boolean({ error: 'apply 只能是 true 或 false' }).default(false),
  })
  .refine((v) => v.rows !== undefined || v.csv !== undefined, { path: ['rows'], message: '请上传 CSV 文件或提供要导入的行' });

/** A figure of one period and the period before it. */
export interface StatsFigures {
  articles: number;
  videos: number;
  pv: number;
  uv: number;
}
export interface StatsKpi {
  key: 'today' | 'week' | 'month';
  label: string;
  previousLabel: string;
  from: string;
  to: string;
  current: StatsFigures;
  previous: StatsFigures;
}
export interface StatsRow extends StatsFigures {
  date?: string;
  userId?: number;
  username?: string;
  name?: string;
  departmentId?: number | null;
  departmentName?: string | null;
  days?: number;
}
