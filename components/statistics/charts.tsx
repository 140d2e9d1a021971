'use client';

import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { StatsChart } from '@/lib/api/statistics';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const TITLE = { fontSize: 15, fontWeight: 600, margin: '0 0 8px' } as const;
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1'];

/** 趋势：每天的发文、视频、浏览量、访客数（浏览量和访客数在右轴）. */
export function TrendChart({ data }: { data: StatsChart['days'] }) {
  const option = {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.map((d) => d.date.slice(5)) },
    yAxis: [
      { type: 'value', name: '篇', minInterval: 1 },
      { type: 'value', name: '次', splitLine: { show: false } },
    ],
    series: [
      { name: '文章', type: 'bar', stack: 'pub', data: data.map((d) => d.articles) },
      { name: '视频', type: 'bar', stack: 'pub', data: data.map((d) => d.videos) },
      // Straight segments: a smoothed line overshoots between days and shows figures nobody had (ux P3-9).
      { name: '浏览量', type: 'line', yAxisIndex: 1, data: data.map((d) => d.pv) },
      { name: '访客数', type: 'line', yAxisIndex: 1, data: data.map((d) => d.uv) },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 320, width: '100%' }} opts={{ renderer: 'canvas' }} />;
}

/** 1 200 → 1200, 12 000 → 1.2万, 120 000 000 → 1.2亿: ticks that fit. */
function compactCount(v: number): string {
  if (v >= 1e8) return `${+(v / 1e8).toFixed(1)}亿`;
  if (v >= 1e4) return `${+(v / 1e4).toFixed(1)}万`;
  return String(v);
}

/** A horizontal ranking (departments or editors): 发文 and 浏览量 side by side. */
export function RankingChart({ rows }: { rows: Array<{ label: string; articles: number; videos: number; pv: number }> }) {
  const ordered = [...rows].reverse();
  const option = {
    color: COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    // Both axes named in full under / over their ticks, with readable ticks (「浏」 and no ticks was ux P3-9).
    grid: { left: 8, right: 24, top: 72, bottom: 36, containLabel: true },
    xAxis: [
      { type: 'value', name: '发文（篇）', nameLocation: 'middle', nameGap: 26, minInterval: 1, position: 'bottom' },
      {
        type: 'value',
        name: '浏览量（次）',
        nameLocation: 'middle',
        nameGap: 26,
        position: 'top',
        splitLine: { show: false },
        axisLabel: { formatter: compactCount, hideOverlap: true },
      },
    ],
    yAxis: { type: 'category', data: ordered.map((r) => r.label), axisLabel: { width: 80, overflow: 'truncate' } },
    series: [
      { name: '发文（文章+视频）', type: 'bar', data: ordered.map((r) => r.articles + r.videos) },
      { name: '浏览量', type: 'bar', xAxisIndex: 1, data: ordered.map((r) => r.pv) },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: Math.max(240, 120 + rows.length * 36), width: '100%' }} />;
}

/** The three charts of a range: by day, by department, by editor. */
export default function StatsCharts({ chart }: { chart: StatsChart }) {
  return (
    <div data-testid="stats-charts" style={{ display: 'grid', gap: 24 }}>
      <section aria-label="每日趋势">
        <h3 style={TITLE}>每日趋势</h3>
        <TrendChart data={chart.days} />
      </section>
      <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}>
        <section aria-label="按部门">
          <h3 style={TITLE}>按部门</h3>
          <RankingChart rows={chart.departments.map((d) => ({ label: d.departmentName, ...d }))} />
        </section>
        <section aria-label="按编辑（前 10 名）">
          <h3 style={TITLE}>按编辑（前 10 名）</h3>
          <RankingChart rows={chart.editors.map((e) => ({ label: e.name, ...e }))} />
        </section>
      </div>
    </div>
  );
}
