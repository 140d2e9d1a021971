/**
 * What the 数据统计 screen needs at first load, without zod (lib/resources/statistics.ts holds the
 * schemas and re-exports all of this): the views, the import's columns and template, the export's
 * cells and the row types.
 */

export const COUNT_MAX = 1_000_000_000;

/** Per day, per editor, or 按日期和编辑 (one row per day and editor: the import's shape, so its export re-imports). */
export const STATS_VIEWS = { day: '按日期', editor: '按编辑', row: '按日期和编辑' } as const;
export type StatsView = keyof typeof STATS_VIEWS;

/** The CSV columns of the import (a header row with these names, or none) and of its template. */
export const IMPORT_COLUMNS = ['日期', '用户名', '浏览量', '访客数'] as const;

/**
 * The columns of the 按日期和编辑 export: the import's four plus what helps a person read them (姓名, 部门)
 * and the publication counts (文章, 视频), which an import ignores: they come from the publications.
 */
export const ROW_EXPORT_COLUMNS = ['日期', '用户名', '姓名', '部门', '文章', '视频', '浏览量', '访客数'] as const;

/** The 下载模板 file: the header and one example row (its 用户名 cell fails on purpose if left in). */
export const IMPORT_TEMPLATE = `${IMPORT_COLUMNS.join(',')}\r\n2026/11/1,填用户名或姓名,1200,300\r\n`;

/**
 * The cells of a 数据统计 export (header first) as the table shows them: per day and per editor are
 * sums over the range; 按日期和编辑 is the import's shape (ROW_EXPORT_COLUMNS) and imports again as it is.
 */
export function statsExportCells(view: StatsView, rows: StatsRow[]): Array<ReadonlyArray<string | number | undefined | null>> {
  if (view === 'day')
    return [['日期', '文章', '视频', '浏览量', '访客数', '有数据的编辑'], ...rows.map((r) => [r.date, r.articles, r.videos, r.pv, r.uv, r.editors])];
  if (view === 'row') return [ROW_EXPORT_COLUMNS, ...rows.map((r) => [r.date, r.username, r.name, r.departmentName ?? '', r.articles, r.videos, r.pv, r.uv])];
  return [
    ['编辑', '用户名', '部门', '文章', '视频', '浏览量', '访客数', '有数据的天数'],
    ...rows.map((r) => [r.name, r.username, r.departmentName ?? '', r.articles, r.videos, r.pv, r.uv, r.days]),
  ];
}

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
  editors?: number;
}
