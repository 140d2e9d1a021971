'use client';

import { Tag } from 'antd';
import { Card } from '@/components/common/card';
import type { TableColumnsType } from 'antd';
import { EllipsisText, ResourceFilters, ResourceTable, useResourceList } from '@/components/crud';
import type { ListParams } from '@/lib/api/resource';
import { http } from '@/lib/http';
import type { FilterDef, ListResult } from '@/lib/resources/define';
import { formatTime } from './log-filters';
import type { z } from 'zod';
import type { loginLogRow } from '@/lib/resources/schemas/logs';

/** One row of GET /api/log/login (server/routes/logs.ts). */
export type LoginLogRow = z.output<typeof loginLogRow>;

/** Reason codes written by server/routes/auth.ts. */
const REASON_TEXT: Record<string, string> = {
  ok: '登录成功',
  bad_password: '密码错误',
  unknown_user: '用户不存在',
  disabled: '账号已停用',
  rate_limited: '尝试过于频繁',
  pending: '未完成（校验中断）',
  bad_current_password: '当前密码错误（修改密码或绑定钉钉时）',
  dingtalk: '钉钉登录成功',
  // Two-step sign-in (issue 26).
  totp_required: '密码正确，等待验证码',
  totp: '登录成功（验证码）',
  bad_totp: '验证码错误',
  recovery_code: '登录成功（恢复码）',
  bad_recovery_code: '恢复码错误',
  totp_setup: '登录成功，需先开启两步验证',
};

const RESULT_OPTIONS = [
  { label: '成功', value: 'true' },
  { label: '失败', value: 'false' },
];

/* ---- The screen ---- */

/** The one filter model (components/crud): text applies once typing pauses, the rest at once. */
const FILTERS: FilterDef[] = [
  { name: 'username', label: '用户名', input: 'text', placeholder: '用户名（可输入部分）' },
  { name: 'success', label: '结果', input: 'select', options: RESULT_OPTIONS, placeholder: '全部' },
  { name: 'ip', label: 'IP', input: 'text', placeholder: 'IP（可输入部分，如 10.2.）' },
  { name: 'time', label: '时间', input: 'dateRange', withTime: true },
];

const fetchLoginLogs = (params: ListParams) => http.main.get<ListResult<LoginLogRow>>('/api/log/login', params);

const columns: TableColumnsType<LoginLogRow> = [
  { key: 'createdAt', title: '时间', dataIndex: 'createdAt', width: 170, fixed: 'left', render: (v: string) => formatTime(v) },
  { key: 'username', title: '用户名', dataIndex: 'username', width: 140, ellipsis: { showTitle: false }, render: (v: string) => <EllipsisText text={v} /> },
  {
    key: 'success',
    title: '结果',
    dataIndex: 'success',
    width: 80,
    render: (v: boolean) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
  },
  { key: 'reason', title: '原因', dataIndex: 'reason', width: 140, render: (v: string) => REASON_TEXT[v] ?? (v || '—') },
  { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '—' },
  {
    key: 'userAgent',
    title: '浏览器',
    dataIndex: 'userAgent',
    width: 280,
    ellipsis: { showTitle: false },
    render: (v: string) => (v ? <EllipsisText text={v} /> : '—'),
  },
];

/** 登录日志: every sign-in attempt, newest first, filtered by user, result, IP and time. */
export function LoginLogScreen() {
  const list = useResourceList<LoginLogRow>({
    path: '/api/log/login',
    fetchList: fetchLoginLogs,
    filters: FILTERS,
    nothingYet: '还没有登录记录，有人登录后会显示在这里',
  });
  return (
    <Card>
      <ResourceFilters {...list.filtersProps} />
      <ResourceTable<LoginLogRow> {...list.tableProps} columns={columns} settingsId="/log" />
    </Card>
  );
}
