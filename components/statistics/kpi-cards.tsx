'use client';

import { Col, Row, Statistic, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatCount } from '@/lib/api/statistics';
import type { StatsFigures, StatsKpi } from '@/lib/resources/statistics';

const METRICS: Array<{ key: keyof StatsFigures; label: string }> = [
  { key: 'articles', label: '发布文章' },
  { key: 'videos', label: '发布视频' },
  { key: 'pv', label: '浏览量' },
  { key: 'uv', label: '访客数' },
];

/** +12.5% / −3% / 持平 / 新增 against the period before. */
function Change({ now, before }: { now: number; before: number }) {
  if (now === before) return <Typography.Text type="secondary">持平</Typography.Text>;
  if (before === 0) return <Typography.Text type="success">新增 {formatCount(now)}</Typography.Text>;
  const pct = ((now - before) / before) * 100;
  const up = pct > 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'}>
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {up ? '增长' : '下降'} {Math.abs(pct).toFixed(1)}%
    </Typography.Text>
  );
}

/** 今日 / 本周 / 本月, each figure against the same stretch of the period before (今日 shows yesterday's whole day, without a change). */
export function KpiCards({ kpis }: { kpis: StatsKpi[] }) {
  return (
    <Row gutter={[16, 16]}>
      {kpis.map((k) => (
        <Col key={k.key} xs={24} md={8}>
          <Card
            title={k.label}
            size="small"
            extra={<Typography.Text type="secondary">{k.from === k.to ? k.from : `${k.from} 至 ${k.to}`}</Typography.Text>}
            data-testid={`kpi-${k.key}`}
          >
            <Row gutter={[8, 12]}>
              {METRICS.map((m) => (
                <Col key={m.key} span={12}>
                  <Statistic title={m.label} value={k.current[m.key]} formatter={(v) => formatCount(Number(v))} />
                  <div style={{ fontSize: 12 }}>
                    <Typography.Text type="secondary">
                      {k.key === 'today' ? `${k.previousLabel}全天` : k.previousLabel} {formatCount(k.previous[m.key])}
                    </Typography.Text>{' '}
                    {/* Today is not over: a part of a day against a whole one would read as a fall every afternoon (ux P3-9). */}
                    {k.key !== 'today' && <Change now={k.current[m.key]} before={k.previous[m.key]} />}
                  </div>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
