'use client';

import dynamic from 'next/dynamic';
import { Empty, Skeleton } from 'antd';
import type { StatsChart } from '@/lib/api/statistics';

/** ECharts only on the screens that show charts (STACK-NOTES "ECharts"): loaded in the browser on demand. */
const Charts = dynamic(() => import('./charts'), { ssr: false, loading: () => <Skeleton active paragraph={{ rows: 8 }} /> });

/** Nothing in the range: say where the figures come from instead of drawing empty axes. */
export function StatsChartsPanel({ chart, emptyHint }: { chart: StatsChart | null; emptyHint: string }) {
  if (!chart) return <Skeleton active paragraph={{ rows: 8 }} />;
  const empty = chart.days.every((d) => !d.articles && !d.videos && !d.pv && !d.uv);
  if (empty) return <Empty description={emptyHint} />;
  return <Charts chart={chart} />;
}
