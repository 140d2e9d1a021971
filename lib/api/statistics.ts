/**
 * The statistics calls (server/routes/statistics.ts, DESIGN §11) for /operation/stats; /home and the
 * filters' options read through the data layer (lib/query/reads.ts).
 */
import { http } from '../http';
import type { ListParams, Reply } from './resource';
import type { z } from 'zod';
import type {
  statsChart,
  statsDayRow,
  statsDetail,
  statsDetailRow,
  statsImportPreviewRow,
  statsImportResult,
  statsList,
  statsListRow,
} from '../resources/schemas/statistics';

export type StatsListRow = z.output<typeof statsListRow>;
export type StatsList = z.output<typeof statsList>;
export type StatsChart = z.output<typeof statsChart>;
export type StatsDetailRow = z.output<typeof statsDetailRow>;
export type StatsDetail = z.output<typeof statsDetail>;
export type StatsImportPreviewRow = z.output<typeof statsImportPreviewRow>;
export type StatsImportResult = z.output<typeof statsImportResult>;
type StatsDayRow = z.output<typeof statsDayRow>;

export const statisticsApi = {
  list: (params: ListParams): Promise<Reply<StatsList>> => http.main.get('/api/statistics/list', params),
  detail: (params: ListParams): Promise<Reply<StatsDetail>> => http.main.get('/api/statistics/detail', params),
  edit: (body: { date: string; userId: number; pv: number; uv: number; reason: string }): Promise<Reply<StatsDayRow>> =>
    http.main.put('/api/statistics/edit', body),
  importRows: (body: { csv: string; apply: boolean }): Promise<Reply<StatsImportResult>> => http.main.post('/api/statistics/import', body),
};

/** Chinese thousands separators for big figures. */
export const formatCount = (n: number) => n.toLocaleString('zh-CN');
