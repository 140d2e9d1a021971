'use client';

import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Empty, Table } from 'antd';
import { isOk } from '@/lib/api/resource';
import { formatCount, statisticsApi, type StatsDetail, type StatsDetailRow } from '@/lib/api/statistics';

export type DetailTarget = { userId: number; from?: string; to?: string } | { date: string };

/** 明细: one editor's days in the range, or one day's editors; each row can be corrected. */
export function DetailDrawer({
  target,
  onClose,
  onEdit,
}: {
  target: DetailTarget | null;
  onClose: () => void;
  onEdit: (row: { date: string; userId: number; pv: number; uv: number }) => void;
}) {
  const [detail, setDetail] = useState<StatsDetail | null>(null);
  const key = JSON.stringify(target);
  useEffect(() => {
    setDetail(null);
    if (!key || key === 'null') return;
    void statisticsApi.detail(JSON.parse(key)).then((r) => isOk(r) && setDetail(r.data));
  }, [key]);
  const byEditor = detail?.kind === 'editor';
  const title = !detail ? '明细' : byEditor ? `${detail.editor!.name}（${detail.editor!.username}）· ${detail.from} 至 ${detail.to}` : `${detail.date} 各编辑`;
  const fig = (v: number) => formatCount(v);
  return (
    <Drawer open={!!target} onClose={onClose} title={title} width={720} destroyOnHidden>
      {detail && (
        <>
          <Descriptions size="small" column={{ xs: 2, sm: 4 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文章">{fig(detail.totals.articles)}</Descriptions.Item>
            <Descriptions.Item label="视频">{fig(detail.totals.videos)}</Descriptions.Item>
            <Descriptions.Item label="浏览量">{fig(detail.totals.pv)}</Descriptions.Item>
            <Descriptions.Item label="访客数">{fig(detail.totals.uv)}</Descriptions.Item>
          </Descriptions>
          <Table<StatsDetailRow>
            size="small"
            rowKey={(r) => (byEditor ? r.date! : String(r.userId))}
            dataSource={detail.list}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description={byEditor ? '这段时间没有数据：发布文章或导入浏览量后会显示在这里' : '这一天没有数据'} /> }}
            columns={[
              byEditor
                ? { title: '日期', dataIndex: 'date', width: 110 }
                : { title: '编辑', dataIndex: 'name', width: 140, render: (v: string, r) => `${v}（${r.username}）` },
              ...(byEditor ? [] : [{ title: '部门', dataIndex: 'departmentName', width: 110, render: (v: string | null) => v ?? '—' }]),
              { title: '文章', dataIndex: 'articles', width: 70, align: 'right' as const },
              { title: '视频', dataIndex: 'videos', width: 70, align: 'right' as const },
              { title: '浏览量', dataIndex: 'pv', width: 100, align: 'right' as const, render: fig },
              { title: '访客数', dataIndex: 'uv', width: 100, align: 'right' as const, render: fig },
              {
                title: '操作',
                key: 'op',
                width: 80,
                render: (_, r) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onEdit({ date: byEditor ? r.date! : detail.date!, userId: byEditor ? detail.editor!.id : r.userId!, pv: r.pv, uv: r.uv })}
                  >
                    修正
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
