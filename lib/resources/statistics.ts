import { z } from 'zod';
import { INT4_MAX } from '../constants';
import { optionalText } from './schemas/common';
import { COUNT_MAX } from './statistics-views';

export * from './statistics-views';

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
  z.preprocess(
    // Excel writes big figures as 「1,200」 (quoted in the CSV): the separators are not part of the
    // number. An empty cell is missing, never 0.
    (v) => (typeof v === 'string' ? v.replace(/[,，\s]/g, '') || undefined : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(0, `${label}不能为负数`)
      .max(COUNT_MAX, `${label}不能超过 ${COUNT_MAX}`),
  );

const id = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}无效`)
    .positive(`${label}无效`)
    .max(INT4_MAX, `${label}不存在`);

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
  view: z.enum(['day', 'editor', 'row'], { error: '统计方式只能是 day、editor 或 row' }).default('day'),
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

/**
 * An imported day as people write it: `YYYY-MM-DD`, Excel's `YYYY/M/D` (what Chinese Excel writes by
 * default), `YYYY.M.D` or `YYYY年M月D日`, with an optional time of day that Excel may append (ignored).
 */
export function normalizeImportDay(v: string): string {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(v.trim());
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : v.trim();
}

const importDay = z
  .string({ error: '请输入日期' })
  .transform(normalizeImportDay)
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD 或 YYYY/M/D')
      .refine(validDay, '日期不是有效日期'),
  );

/** One imported row: a day, the editor (login name, or a 姓名 that names one person), page views and visitors. */
export const statsImportRowSchema = z
  .object({
    date: importDay,
    username: z.string({ error: '请填写用户名或姓名' }).trim().min(1, '请填写用户名或姓名').max(64, '用户名或姓名不能超过 64 个字符'),
    pv: count('浏览量'),
    uv: count('访客数'),
  })
  .refine((v) => v.pv < 0 || v.uv <= v.pv, { path: ['uv'], message: '访客数不能大于浏览量' });
export type StatsImportRow = z.infer<typeof statsImportRowSchema>;

/** Header names (lower case) an import recognises, per field. 用户名 wins over 姓名 when a file has both. */
const HEADER_ALIASES: Record<'date' | 'username' | 'name' | 'pv' | 'uv', string[]> = {
  date: ['日期', 'date'],
  username: ['用户名', 'username', '登录名', '账号'],
  name: ['姓名', '编辑', 'name'],
  pv: ['浏览量', 'pv'],
  uv: ['访客数', 'uv'],
};
const FIELD_LABELS = { date: '日期', user: '用户名', pv: '浏览量', uv: '访客数' } as const;

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

/**
 * CSV text into import rows. With a header row, columns are found by name (any order, other columns
 * ignored: the 按日期和编辑 export re-imports as it is); without one they are IMPORT_COLUMNS in order.
 * `missing` names the columns a header row lacks (the 按日期 / 按编辑 exports are sums, not days).
 */
export function readImportCsv(text: string): { rows: Array<Record<string, string>>; missing: string[] } {
  const cells = parseCsv(text);
  const header = (cells[0] ?? []).map((c) => c.trim().toLowerCase());
  const find = (names: string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    date: find(HEADER_ALIASES.date),
    username: find(HEADER_ALIASES.username),
    name: find(HEADER_ALIASES.name),
    pv: find(HEADER_ALIASES.pv),
    uv: find(HEADER_ALIASES.uv),
  };
  const hasHeader = Object.values(at).some((i) => i >= 0);
  if (!hasHeader) return { rows: cells.map((r) => ({ date: r[0] ?? '', username: r[1] ?? '', pv: r[2] ?? '', uv: r[3] ?? '' })), missing: [] };
  const missing = (
    [
      at.date < 0 && FIELD_LABELS.date,
      at.username < 0 && at.name < 0 && FIELD_LABELS.user,
      at.pv < 0 && FIELD_LABELS.pv,
      at.uv < 0 && FIELD_LABELS.uv,
    ] as Array<string | false>
  ).filter((x): x is string => !!x);
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? '') : '');
  const rows = cells.slice(1).map((r) => ({
    date: cell(r, at.date),
    username: cell(r, at.username).trim() || cell(r, at.name),
    pv: cell(r, at.pv),
    uv: cell(r, at.uv),
  }));
  return { rows, missing };
}

/** The rows of `readImportCsv` (tests and callers that check the header themselves). */
export const csvToImportRows = (text: string) => readImportCsv(text).rows;

export const statsImportSchema = z
  .object({
    rows: z.array(z.record(z.string(), z.unknown()), { error: '请提供要导入的行' }).max(IMPORT_MAX_ROWS, `一次最多导入 ${IMPORT_MAX_ROWS} 行`).optional(),
    csv: z.string().max(2_000_000, 'CSV 内容过大').optional(),
    apply: z.boolean({ error: 'apply 只能是 true 或 false' }).default(false),
  })
  .refine((v) => v.rows !== undefined || v.csv !== undefined, { path: ['rows'], message: '请上传 CSV 文件或提供要导入的行' });
