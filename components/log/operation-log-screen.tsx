'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Collapse, Descriptions, Drawer, Empty, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import type { TableColumnsType } from 'antd';
import { EllipsisText, ResourceFilters, ResourceTable, useResourceList } from '@/components/crud';
import { isOk, type ListParams } from '@/lib/api/resource';
import { http } from '@/lib/http';
import type { FilterDef, ListResult } from '@/lib/resources/define';
import { useApiRead } from '@/lib/query/use-api-read';
import { readableValue } from './readable-value';
import { fieldLabelsOf } from './field-labels';
import { formatTime } from './log-filters';
import type { z } from 'zod';
import type { operationLogDetail, operationLogOptions, operationLogRow } from '@/lib/resources/schemas/logs';

/** One row of GET /api/log/operation (server/routes/logs.ts); the list leaves out before/after. */
type OperationLogRow = z.output<typeof operationLogRow>;
/** GET /api/log/operation/:id: the full row. */
type OperationLogDetail = z.output<typeof operationLogDetail>;
type OperationTypes = z.output<typeof operationLogOptions>;
type Option = OperationTypes['types'][number];

const TYPE_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  sort: 'cyan',
  enable: 'green',
  disable: 'orange',
  reset_password: 'purple',
  change_password: 'purple',
  update_profile: 'geekblue',
};

/** Chinese names for the fields that snapshots usually carry; unknown keys show as they are. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  username: '用户名',
  name: '名称',
  phone: '电话',
  email: '邮箱',
  avatar: '头像地址',
  enabled: '启用',
  isSuper: '超级管理员',
  departmentId: '部门 ID',
  departmentName: '部门',
  roleId: '角色 ID',
  roleName: '角色',
  parentId: '上级 ID',
  sort: '排序',
  level: '数据权限',
  remark: '备注',
  description: '描述',
  permissions: '权限',
  routes: '菜单权限',
  userCount: '员工数',
  lastLoginAt: '上次登录',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  title: '标题',
  url: '链接',
  logo: '标志',
  initial: '首字母',
  cover: '封面',
  image: '图片',
  typeId: '类型 ID',
  code: '编码',
  reason: '原因',
  date: '日期',
  userId: '用户 ID',
  pv: '浏览量',
  uv: '访客数',
  status: '状态',
  tagIds: '标签 ID',
  categoryId: '分类 ID',
};

/** The one filter model (components/crud): text applies once typing pauses, the rest at once. */
const FILTERS: FilterDef[] = [
  { name: 'username', label: '操作人', input: 'text', placeholder: '用户名（可输入部分）' },
  { name: 'type', label: '类型', input: 'select', placeholder: '全部' },
  { name: 'resource', label: '对象', input: 'select', placeholder: '全部' },
  { name: 'time', label: '时间', input: 'dateRange', withTime: true },
];

const OPERATION_TYPES_READ = { key: ['/api/log/operation_type'], url: '/api/log/operation_type' };
const NO_TYPES: OperationTypes = { types: [], resources: [] };
const fetchOperationLogs = (params: ListParams) => http.main.get<ListResult<OperationLogRow>>('/api/log/operation', params);

const labelOf = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** 操作日志: who changed what and when; 详情 compares the record before and after. */
export function OperationLogScreen() {
  const list = useResourceList<OperationLogRow>({
    path: '/api/log/operation',
    fetchList: fetchOperationLogs,
    filters: FILTERS,
    nothingYet: '还没有操作记录，新增、修改或删除数据后会显示在这里',
  });
  // The operation types and resources the filters offer (read once a tab: they change with a release).
  const options = useApiRead<OperationTypes>(OPERATION_TYPES_READ).data ?? NO_TYPES;
  const [detailId, setDetailId] = useState<number | null>(null);

  const columns = useMemo<TableColumnsType<OperationLogRow>>(
    () => [
      { key: 'createdAt', title: '时间', dataIndex: 'createdAt', width: 170, fixed: 'left', render: (v: string) => formatTime(v) },
      {
        key: 'username',
        title: '操作人',
        dataIndex: 'username',
        width: 120,
        ellipsis: { showTitle: false },
        render: (v: string) => (v ? <EllipsisText text={v} /> : '—'),
      },
      {
        key: 'type',
        title: '类型',
        dataIndex: 'type',
        width: 110,
        render: (v: string) => <Tag color={TYPE_COLORS[v]}>{labelOf(options.types, v)}</Tag>,
      },
      { key: 'resource', title: '对象', dataIndex: 'resource', width: 100, render: (v: string) => labelOf(options.resources, v) },
      { key: 'resourceId', title: '记录ID', dataIndex: 'resourceId', width: 80, render: (v: string) => v || '—' },
      { key: 'summary', title: '摘要', dataIndex: 'summary', width: 280, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
      { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130, render: (v: string) => v || '—' },
      {
        title: '操作',
        key: 'actions',
        width: 80,
        fixed: 'right',
        render: (_, row) => (
          <Button type="link" size="small" onClick={() => setDetailId(row.id)} aria-label={`查看「${row.summary || row.id}」的详情`}>
            详情
          </Button>
        ),
      },
    ],
    [options],
  );

  return (
    <Card>
      <ResourceFilters {...list.filtersProps} optionsFor={{ type: options.types, resource: options.resources }} />
      <ResourceTable<OperationLogRow> {...list.tableProps} columns={columns} settingsId="/log/operate" />
      <OperationLogDrawer id={detailId} options={options} onClose={() => setDetailId(null)} />
    </Card>
  );
}

/* ---- Detail drawer ---- */

function OperationLogDrawer({ id, options, onClose }: { id: number | null; options: OperationTypes; onClose: () => void }) {
  const [detail, setDetail] = useState<OperationLogDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const requestId = useRef(0);

  const load = useCallback(async (logId: number) => {
    const current = ++requestId.current;
    setLoading(true);
    setFailed(false);
    const reply = await http.main.get<OperationLogDetail>(`/api/log/operation/${logId}`);
    if (current !== requestId.current) return; // another row was opened meanwhile
    if (isOk(reply)) setDetail(reply.data);
    else setFailed(true);
    setLoading(false);
  }, []);

  useEffect(() => {
    if (id === null) return;
    setDetail(null);
    void load(id);
  }, [id, load]);

  return (
    <Drawer title="操作日志详情" size={720} open={id !== null} onClose={onClose} destroyOnHidden>
      {loading && !detail ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin description="加载中…" />
        </div>
      ) : failed || !detail ? (
        <Empty description="日志详情加载失败">{id !== null && <Button onClick={() => void load(id)}>重新加载</Button>}</Empty>
      ) : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'time', label: '时间', children: formatTime(detail.createdAt) },
              { key: 'user', label: '操作人', children: detail.username || '—' },
              { key: 'type', label: '类型', children: <Tag color={TYPE_COLORS[detail.type]}>{labelOf(options.types, detail.type)}</Tag> },
              { key: 'resource', label: '对象', children: labelOf(options.resources, detail.resource) },
              { key: 'resourceId', label: '记录ID', children: detail.resourceId || '—' },
              { key: 'ip', label: 'IP', children: detail.ip || '—' },
              { key: 'summary', label: '摘要', span: 2, children: detail.summary || '—' },
            ]}
          />
          <ChangeTable resource={detail.resource} before={detail.before} after={detail.after} />
        </Space>
      )}
    </Drawer>
  );
}

interface ChangeRow {
  key: string;
  before: unknown;
  after: unknown;
  hasBefore: boolean;
  hasAfter: boolean;
  isChanged: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field-by-field comparison of two snapshots; a missing side (create, delete) counts as empty. */
function compare(before: unknown, after: unknown): ChangeRow[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({
    key,
    before: b[key],
    after: a[key],
    hasBefore: key in b,
    hasAfter: key in a,
    isChanged: key in b !== key in a || JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  }));
}

function ValueCell({ field, value, present }: { field: string; value: unknown; present: boolean }) {
  if (!present) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === null) return <Typography.Text type="secondary">null</Typography.Text>;
  if (value === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  return <span style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{readableValue(field, value)}</span>;
}

const CHANGED_BG = '#fff7e6';

function ChangeTable({ resource, before, after }: { resource: string; before: unknown; after: unknown }) {
  const [isOnlyChanged, setIsOnlyChanged] = useState(false);
  // The resource's own field names first (品牌's logo is 品牌标志), then the common ones.
  const [declared, setDeclared] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void fieldLabelsOf(resource).then((labels) => live && setDeclared(labels));
    return () => {
      live = false;
    };
  }, [resource]);
  const labelFor = (key: string) => declared[key] ?? FIELD_LABELS[key];
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const rows = useMemo(() => compare(before, after), [before, after]);

  if (!hasBefore && !hasAfter) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这次操作没有记录数据快照（例如修改密码、排序）" />;
  }

  const changedCount = rows.filter((r) => r.isChanged).length;
  const shown = isOnlyChanged ? rows.filter((r) => r.isChanged) : rows;
  const note = !hasBefore
    ? '新增操作：没有修改前的数据，下表列出新记录的全部字段。'
    : !hasAfter
      ? '删除操作：没有修改后的数据，下表列出被删除记录的全部字段。'
      : changedCount === 0
        ? '修改前后的数据相同，没有字段发生变化。'
        : `共 ${changedCount} 个字段有变化，已用底色标出。`;

  const columns: TableColumnsType<ChangeRow> = [
    {
      title: '字段',
      dataIndex: 'key',
      width: 170,
      render: (key: string) =>
        labelFor(key) ? (
          <Space orientation="vertical" size={0}>
            <span>{labelFor(key)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {key}
            </Typography.Text>
          </Space>
        ) : (
          key
        ),
    },
    { title: '修改前', key: 'before', render: (_, r) => <ValueCell field={r.key} value={r.before} present={r.hasBefore} /> },
    { title: '修改后', key: 'after', render: (_, r) => <ValueCell field={r.key} value={r.after} present={r.hasAfter} /> },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          修改前后对比
        </Typography.Title>
        {hasBefore && hasAfter && (
          <Space size={8}>
            <Switch size="small" checked={isOnlyChanged} onChange={setIsOnlyChanged} aria-label="只看有变化的字段" />
            <span>只看有变化的字段</span>
          </Space>
        )}
      </Space>
      <Alert type={!hasAfter ? 'warning' : 'info'} showIcon title={note} />
      <Table<ChangeRow>
        rowKey="key"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={shown}
        onRow={(r) => (r.isChanged ? ({ style: { background: CHANGED_BG }, 'data-changed': 'true' } as HTMLAttributes<HTMLElement>) : {})}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有字段发生变化" /> }}
      />
      <Collapse
        size="small"
        items={[
          { key: 'before', label: '修改前（原始 JSON）', children: <JsonBlock value={before} /> },
          { key: 'after', label: '修改后（原始 JSON）', children: <JsonBlock value={after} /> },
        ]}
      />
    </Space>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">无（null）</Typography.Text>;
  return (
    <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
