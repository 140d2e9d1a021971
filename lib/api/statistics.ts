/**
 * The statistics calls (server/routes/statistics.ts, DESIGN §11) for /home and /operation/stats.
 */
import { http } from '../http';
import type { ListParams, Reply } from './resource';
import type { ListResult } from '../resources/define';
import type { StatsFigures, StatsKpi } from '../resources/statistics';

export interface StatsListRow extends StatsFigures {
  id: string | number;
  date?: string;
  userId?: number;
  username?: string;
  name?: string;
  departmentId?: number | null;
  departmentName?: string | null;
  /** Editors with a row that day (per day) or days with a row (per editor). */
  editors?: number;
  days?: number;
}
export interface StatsList extends ListResult<StatsListRow> {
  view: 'day' | 'editor' | 'row';
  from: string;
  to: string;
  totals: StatsFigures & { days: number; editors: number };
}
export interface StatsChart {
  from: string;
  to: string;
  days: Array<StatsFigures & { date: string }>;
  departments: Array<StatsFigures & { departmentId: number | null; departmentName: string }>;
  editors: Array<StatsFigures & { userId: number; name: string; username: string; departmentName: string | null }>;
}
export interface StatsDetailRow extends StatsFigures {
  date?: string;
  userId?: number;
  username?: string;
  name?: string;
  departmentName?: string | null;
}
export interface StatsDetail {
  kind: 'editor' | 'day';
  editor?: { id: number; username: string; name: string };
  date?: string;
  from?: string;
  to?: string;
  list: StatsDetailRow[];
  totals: StatsFigures;
}
export interface StatsImportPreviewRow {
  line: number;
  date: string;
  username: string;
  name?: string;
  userId?: number;
  pv: number | string;
  uv: number | string;
  before?: { pv: number; uv: number } | null;
  error?: string;
}
export interface StatsImportResult {
  rows: StatsImportPreviewRow[];
  total: number;
  errorCount: number;
  applied: boolean;
}

export const statisticsApi = {
  sum: (): Promise<Reply<{ today: string; kpis: StatsKpi[] }>> => http.main.get('/api/statistics/sum', { _t: Date.now() }),
  chart: (params: ListParams): Promise<Reply<StatsChart>> => http.main.get('/api/statistics/chart', params),
  options: (): Promise<Reply<{ departments: Array<{ id: number; name: string }>; editors: Array<{ id: number; username: string; name: string }> }>> =>
    http.main.get('/api/statistics/options'),
  list: (params: ListParams): Promise<Reply<StatsList>> => http.main.get('/api/statistics/list', params),
  detail: (params: ListParams): Promise<Reply<StatsDetail>> => http.main.get('/api/statistics/detail', params),
  edit: (body: { date: string; userId: number; pv: number; uv: number; reason: string }): Promise<Reply<StatsFigures>> =>
    http.main.put('/api/statistics/edit', body),
  importRows: (body: { csv: string; apply: boolean }): Promise<Reply<StatsImportResult>> => http.main.post('/api/statistics/import', body),
};

/** Chinese thousands separators for big figures. */
export const formatCount = (n: number) => n.toLocaleString('zh-CN');
