'use client';

import { Alert, Skeleton, Space } from 'antd';
import { Card } from '@/components/common/card';
import { DataScopeNote, ResourceFilters } from '@/components/crud';
import { KpiCards } from '@/components/statistics/kpi-cards';
import { StatsChartsPanel } from '@/components/statistics/stats-charts';
import { optionsOf, statsParams, STATS_FILTERS } from '@/components/statistics/filters';
import { useUrlListQuery } from '@/components/crud/use-list-query';
import type { StatsChart } from '@/lib/api/statistics';
import { STATS_OPTIONS_READ, STATS_SUM_READ, statsChartRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { StatsKpi } from '@/lib/resources/statistics';

const HOME_FILTERS = STATS_FILTERS.filter((f) => f.name !== 'userId');

/**
 * 数据概览: KPIs (today, this week, this month against the period before) and the trend charts. The
 * figures, the filters' options and the URL's trend come with the HTML (app/(default)/home/page.tsx)
 * and are held by the data layer: a correction or an import in 数据统计 reads them again.
 */
export function HomeScreen() {
  const [query, setQuery] = useUrlListQuery();
  const sum = useApiRead<{ kpis: StatsKpi[] }>(STATS_SUM_READ);
  const options = useApiRead<Parameters<typeof optionsOf>[0]>(STATS_OPTIONS_READ).data ?? null;
  const trend = useApiRead<StatsChart>(statsChartRead(statsParams(query)));
  const kpis = sum.data?.kpis ?? null;
  const chart = trend.data ?? null;
  const failed = sum.isError || trend.isError;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {failed && <Alert type="error" showIcon message="数据加载失败，请刷新页面重试" />}
      <DataScopeNote />
      {kpis ? <KpiCards kpis={kpis} /> : <Skeleton active paragraph={{ rows: 4 }} />}
      <Card title={chart ? `趋势（${chart.from} 至 ${chart.to}）` : '趋势'}>
        <ResourceFilters filters={HOME_FILTERS} values={query} onChange={setQuery} optionsFor={optionsOf(options)} />
        <StatsChartsPanel
          chart={chart}
          emptyHint="这段时间还没有发布的文章或视频，也没有浏览数据：文章发布后自动计入，浏览量和访客数可在「数据统计」中导入或修正"
        />
      </Card>
    </Space>
  );
}
