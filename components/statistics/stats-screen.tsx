'use client';

import { useMemo, useState } from 'react';
import { Button, Segmented, Space, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { DataScopeNote, ResourceFilters, ResourceTable, RowActions, useResourceList } from '@/components/crud';
import type { DetailTarget } from '@/components/statistics/detail-drawer';
import type { EditTarget } from '@/components/statistics/edit-dialog';
import { lazyDialog } from '@/components/common/lazy-dialog';
import { optionsOf, statsParams, STATS_FILTERS } from '@/components/statistics/filters';
import { isOk, type ListParams } from '@/lib/api/resource';
import { formatCount, statisticsApi, type StatsList, type StatsListRow } from '@/lib/api/statistics';
import { PAGE_SIZE_MAX } from '@/lib/resources/define';
import { csvField } from '@/lib/csv';
import { STATS_OPTIONS_READ } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import { STATS_VIEWS, statsExportCells, type StatsView } from '@/lib/resources/statistics-views';

// The drawer and the two dialogs load when first opened (issue 17: the date picker, the import's table).
const DetailDrawer = lazyDialog(
  () => import('@/components/statistics/detail-drawer').then((m) => m.DetailDrawer),
  (p) => p.target !== null,
);
const EditDialog = lazyDialog(
  () => import('@/components/statistics/edit-dialog').then((m) => m.EditDialog),
  (p) => p.target !== null,
);
const ImportDialog = lazyDialog(
  () => import('@/components/statistics/import-dialog').then((m) => m.ImportDialog),
  (p) => p.open,
);

/** The list call with the URL's filters turned into days (the shared filter writes ISO times). */
const fetchStats = (params: ListParams) => statisticsApi.list({ ...params, ...statsParams(params as Record<string, string>) });

/** 数据统计: per day or per editor, filtered in the URL, with totals, details, corrections, import and export. */
export function StatsScreen() {
  const { message } = useApp();
  const list = useResourceList<StatsListRow>({
    path: '/api/statistics',
    fetchList: fetchStats,
    filters: STATS_FILTERS,
    nothingYet: '这段时间还没有数据：文章和视频发布后自动计入发文数；浏览量和访客数请用「导入 CSV」或「修正数据」录入',
  });
  const view: StatsView = list.query.view === 'editor' || list.query.view === 'row' ? list.query.view : 'day';
  const data = list.data as StatsList | null;
  const options = useApiRead<Parameters<typeof optionsOf>[0]>(STATS_OPTIONS_READ).data ?? null;
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const [edit, setEdit] = useState<EditTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const optionsFor = useMemo(() => optionsOf(options), [options]);
  const fig = (v: number) => formatCount(v);
  const sortOrder = (key: string) => (list.sort === key ? list.order : null);
  const range = data ? { from: data.from, to: data.to } : {};

  const dateColumn = { key: 'date', title: '日期', dataIndex: 'date', width: 120, fixed: 'left', sorter: true, sortOrder: sortOrder('date') } as const;
  const editorColumn = { key: 'name', title: '编辑', dataIndex: 'name', width: 160, render: (v: string, r: StatsListRow) => `${v}（${r.username}）` };
  const columns: TableColumnsType<StatsListRow> = [
    view === 'editor' ? { ...editorColumn, fixed: 'left' } : dateColumn,
    ...(view === 'row' ? [editorColumn] : []),
    ...(view !== 'day' ? [{ key: 'departmentName', title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? '—' }] : []),
    { key: 'articles', title: '文章', dataIndex: 'articles', width: 90, align: 'right', sorter: true, sortOrder: sortOrder('articles') },
    { key: 'videos', title: '视频', dataIndex: 'videos', width: 90, align: 'right', sorter: true, sortOrder: sortOrder('videos') },
    { key: 'pv', title: '浏览量', dataIndex: 'pv', width: 120, align: 'right', sorter: true, sortOrder: sortOrder('pv'), render: fig },
    { key: 'uv', title: '访客数', dataIndex: 'uv', width: 120, align: 'right', sorter: true, sortOrder: sortOrder('uv'), render: fig },
    ...(view === 'row'
      ? []
      : [
          view === 'day'
            ? { key: 'editors', title: '有数据的编辑', dataIndex: 'editors', width: 120, align: 'right' as const }
            : { key: 'days', title: '有数据的天数', dataIndex: 'days', width: 120, align: 'right' as const },
        ]),
    {
      key: 'actions',
      title: '操作',
      width: 140,
      fixed: 'right',
      render: (_, r) => (
        <RowActions
          rowName={view === 'day' ? r.date! : view === 'row' ? `${r.date} ${r.name}（${r.username}）` : `${r.name}（${r.username}）`}
          actions={
            view === 'row'
              ? [{ key: 'edit', label: '修正', onClick: () => setEdit({ userId: r.userId, date: r.date, pv: r.pv, uv: r.uv }) }]
              : [
                  { key: 'detail', label: '明细', onClick: () => setDetail(view === 'day' ? { date: r.date! } : { userId: r.userId!, ...range }) },
                  ...(view === 'editor' ? [{ key: 'edit', label: '修正', onClick: () => setEdit({ userId: r.userId }) }] : []),
                ]
          }
        />
      ),
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    const rows: StatsListRow[] = [];
    const base = { ...list.query, ...statsParams(list.query), pageSize: PAGE_SIZE_MAX };
    for (let page = 1; ; page++) {
      const reply = await statisticsApi.list({ ...base, page });
      if (!isOk(reply)) break;
      rows.push(...reply.data.list);
      if (rows.length >= reply.data.total || reply.data.list.length === 0) break;
    }
    setExporting(false);
    // 按日期和编辑 writes the import's columns (ROW_EXPORT_COLUMNS): corrected in Excel, it imports as it is.
    const text =
      '\uFEFF' +
      statsExportCells(view, rows)
        .map((line) => line.map(csvField).join(','))
        .join('\r\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `数据统计-${STATS_VIEWS[view]}-${data?.from ?? ''}-${data?.to ?? ''}.csv`;
    a.click();
    URL.revokeObjectURL(url);
    void message.success(`已导出 ${rows.length} 行`);
  };

  return (
    <Card>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap>
          <Segmented
            aria-label="统计方式"
            value={view}
            options={Object.entries(STATS_VIEWS).map(([value, label]) => ({ label, value }))}
            onChange={(v) => list.setQuery({ view: v === 'day' ? undefined : v, sort: undefined, order: undefined })}
          />
          <Button icon={<EditOutlined />} onClick={() => setEdit({})}>
            修正数据
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入 CSV
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} disabled={!data?.total}>
            导出 CSV
          </Button>
        </Space>
        <DataScopeNote />
        <ResourceFilters {...list.filtersProps} optionsFor={optionsFor} />
        {data && (
          <Typography.Text data-testid="stats-totals">
            {/* Without a chosen range the field is empty: the line says which range the figures cover (ux P3-9). */}
            {list.query.from || list.query.to ? '' : '最近 30 天，'}
            {data.from} 至 {data.to} 合计：文章 {fig(data.totals.articles)} · 视频 {fig(data.totals.videos)} · 浏览量 {fig(data.totals.pv)} · 访客数{' '}
            {fig(data.totals.uv)}
          </Typography.Text>
        )}
        <ResourceTable<StatsListRow> {...list.tableProps} columns={columns} settingsId="/operation/stats" />
      </Space>
      <DetailDrawer target={detail} onClose={() => setDetail(null)} onEdit={(row) => setEdit(row)} />
      <EditDialog
        target={edit}
        editors={optionsFor.userId}
        onClose={() => setEdit(null)}
        onSaved={() => {
          setEdit(null);
          const d = detail;
          setDetail(null);
          if (d) setTimeout(() => setDetail(d), 0);
          void list.reload();
        }}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onApplied={() => void list.reload()} />
    </Card>
  );
}
