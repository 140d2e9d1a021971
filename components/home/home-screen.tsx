'use client';

import { useEffect, useState } from 'react';
import { Alert, Skeleton, Space } from 'antd';
import { Card } from '@/components/common/card';
import { DataScopeNote, ResourceFilters } from '@/components/crud';
import { KpiCards } from '@/components/statistics/kpi-cards';
import { StatsChartsPanel } from '@/components/statistics/stats-charts';
import { optionsOf, statsParams, STATS_FILTERS } from '@/components/statistics/filters';
import { useUrlListQuery } from '@/components/crud/use-list-query';
import { isOk } from '@/lib/api/resource';
import { statisticsApi, type StatsChart } from '@/lib/api/statistics';
import type { StatsKpi } from '@/lib/resources/statistics';

const HOME_FILTERS = STATS_FILTERS.filter((f) => f.name !== 'userId');

/** 数据概览: KPIs (today, this week, this month against the period before) and the trend charts. */
export function HomeScreen() {
  const [query, setQuery] = useUrlListQuery();
  const [kpis, setKpis] = useState<StatsKpi[] | null>(null);
  const [chart, setChart] = useState<StatsChart | null>(null);
  const [failed, setFailed] = useState(false);
  const [options, setOptions] = useState<Parameters<typeof optionsOf>[0]>(null);

  useEffect(() => {
    void statisticsApi.sum().then((r) => (isOk(r) ? setKpis(r.data.kpis) : setFailed(true)));
    void statisticsApi.options().then((r) => isOk(r) && setOptions(r.data));
  }, []);
  const params = statsParams(query);
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    setChart(null);
    void statisticsApi.chart(JSON.parse(paramsKey)).then((r) => (isOk(r) ? setChart(r.data) : setFailed(true)));
  }, [paramsKey]);

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
