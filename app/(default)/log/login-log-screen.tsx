'use client';

import { useEffect } from 'react';
import { Card, Form, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useResourceList } from '@/components/crud/use-resource-list';
import type { ListParams } from '@/lib/api/resource';
import { http } from '@/lib/http';
import type { ListResult } from '@/lib/resources/define';
import { emptyText, formatTime, queryToRange, rangeToQuery, SearchButtons, TimeRangeItem, type TimeRange } from './log-filters';

/** One row of GET /api/log/login (server/routes/logs.ts). */
export interface LoginLogRow {
  id: number;
  username: string;
  userId: number | null;
  ip: string;
  userAgent: string;
  success: boolean;
  reason: string;
  createdAt: string;
}

/** Reason codes written by server/routes/auth.ts. */
const REASON_TEXT: Record<string, string> = {
  ok: '登录成功',
  bad_password: '密码错误',
  unknown_user: '用户不存在',
  disabled: '账号已停用',
  rate_limited: '尝试过于频繁',
  pending: '未完成（校验中断）',
};

const RESULT_OPTIONS = [
  { label: '成功', value: 'true' },
  { label: '失败', value: 'false' },
];

/* ---- The screen ---- */

interface FilterValues {
  username?: string;
  success?: string;
  ip?: string;
  range?: TimeRange;
}

const FILTER_KEYS = ['username', 'success', 'ip', 'from', 'to'] as const;

const fetchLoginLogs = (params: ListParams) => http.main.get<ListResult<LoginLogRow>>('/api/log/login', params);

const columns: TableColumnsType<LoginLogRow> = [
  { title: '时间', dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
  { title: '用户名', dataIndex: 'username', width: 160, ellipsis: true },
  {
    title: '结果',
    dataIndex: 'success',
    width: 90,
    render: (v: boolean) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
  },
  { title: '原因', dataIndex: 'reason', width: 140, render: (v: string) => REASON_TEXT[v] ?? (v || '—') },
  { title: 'IP', dataIndex: 'ip', width: 150, render: (v: string) => v || '—' },
  {
    title: '浏览器',
    dataIndex: 'userAgent',
    ellipsis: { showTitle: false },
    render: (v: string) =>
      v ? (
        <Tooltip title={v} placement="topLeft">
          <span>{v}</span>
        </Tooltip>
      ) : (
        '—'
      ),
  },
];

/** 登录日志: every sign-in attempt, newest first, filtered by user, result, IP and time. */
export function LoginLogScreen() {
  const [form] = Form.useForm<FilterValues>();
  const { query, tableProps, setQuery, loading, failed, reload } = useResourceList<LoginLogRow>({ fetchList: fetchLoginLogs });

  // The URL is the source of truth: reload, back and forward refill the form from it.
  useEffect(() => {
    form.setFieldsValue({ username: query.username, success: query.success, ip: query.ip, range: queryToRange(query) });
  }, [form, query]);

  const onSearch = (values: FilterValues) => {
    setQuery({ username: values.username?.trim(), success: values.success, ip: values.ip?.trim(), ...rangeToQuery(values.range) });
  };

  const onReset = () => {
    form.resetFields();
    setQuery(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
  };

  const filtered = FILTER_KEYS.some((k) => query[k]);

  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        登录日志
      </Typography.Title>
      <Form form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="username" label="用户名">
          <Input placeholder="完整用户名" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="success" label="结果">
          <Select placeholder="全部" allowClear options={RESULT_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="ip" label="IP">
          <Input placeholder="完整 IP 地址" allowClear style={{ width: 160 }} />
        </Form.Item>
        <TimeRangeItem />
        <SearchButtons onReset={onReset} />
      </Form>
      <Table<LoginLogRow>
        {...tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 960 }}
        locale={{ emptyText: emptyText({ loading, failed, filtered, onClear: onReset, nothingYet: '还没有登录记录，有人登录后会显示在这里', onRetry: () => void reload() }) }}
      />
    </Card>
  );
}
