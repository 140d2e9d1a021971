'use client';

import type { z } from 'zod';
import type { sessionRecord, sessionsEnded } from '@/lib/api/two-step';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, List, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { LockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { PasswordInput } from '@/components/common/password-input';
import { isOk } from '@/lib/api/resource';
import { http, isFailure } from '@/lib/http';
import { parseUserAgent } from '@/lib/user-agent';
import { useUserStore } from '@/stores/user';
import { TotpCodeInput, totpCodeRules, TotpEnrolment } from './totp-enrolment';

/** The two-step part of GET /api/profile. */
export interface TwoStepState {
  totpEnabledAt: string | null;
  totpRequired: boolean;
  recoveryCodesLeft: number;
  isSuper: boolean;
}

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * 两步验证 in 个人资料 (issue 26): on or off, 开启 (the enrolment in a dialog) and 关闭 (password
 * and a code). `askNow`: a super-administrator's first sign-in opens the enrolment at once; they
 * may postpone (稍后再说).
 */
export function TwoStepCard({ state, askNow, onChanged }: { state: TwoStepState; askNow: boolean; onChanged: () => void }) {
  const { message } = useApp();
  const [isEnrolling, setEnrolling] = useState(askNow && !state.totpEnabledAt);
  const [isDisabling, setDisabling] = useState(false);
  const [form] = Form.useForm<{ password: string; code: string }>();
  const [saving, setSaving] = useState(false);
  const setInfo = useUserStore((s) => s.setInfo);
  const enabled = Boolean(state.totpEnabledAt);

  const disable = async (values: { password: string; code: string }) => {
    setSaving(true);
    const reply = await http.main.post('/api/profile/totp/disable', values);
    setSaving(false);
    if (isOk(reply)) {
      setDisabling(false);
      form.resetFields();
      setInfo({ totpEnabled: false });
      void message.success('两步验证已关闭');
      onChanged();
    } else if (!isFailure(reply)) {
      form.setFields(Object.entries(reply.errors ?? {}).map(([name, text]) => ({ name: name as 'password' | 'code', errors: [text] })));
    }
  };

  return (
    <Card title="两步验证" data-testid="two-step-card">
      {enabled ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color="green">已开启</Tag>
            <Typography.Text type="secondary">
              开启于 {time(state.totpEnabledAt)}，剩余恢复码 {state.recoveryCodesLeft} 个
            </Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            登录时在密码（或钉钉）之后输入验证器上的 6 位验证码。手机丢失时可用恢复码登录；恢复码用完或手机更换时，请关闭后重新开启。
          </Typography.Paragraph>
          {state.totpRequired ? (
            <Alert type="info" showIcon title="你的角色要求两步验证，不能关闭。更换手机时请联系管理员在「部门与员工」中重置。" />
          ) : (
            <Button danger onClick={() => setDisabling(true)}>
              关闭两步验证
            </Button>
          )}
        </Space>
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Tag>未开启</Tag>
            <Typography.Text type="secondary">开启后，登录时除密码外还需要手机验证器上的验证码，密码泄露也无法登录你的账号。</Typography.Text>
          </Space>
          <Button type="primary" onClick={() => setEnrolling(true)} data-testid="totp-enable">
            开启两步验证
          </Button>
        </Space>
      )}
      <Modal
        title={state.isSuper && askNow ? '建议超级管理员开启两步验证' : '开启两步验证'}
        open={isEnrolling}
        footer={null}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => setEnrolling(false)}
        width={560}
      >
        <TotpEnrolment
          onDone={() => {
            setEnrolling(false);
            setInfo({ totpEnabled: true });
            onChanged();
          }}
          extra={<Button onClick={() => setEnrolling(false)}>稍后再说</Button>}
        />
      </Modal>
      <Modal
        title="关闭两步验证"
        open={isDisabling}
        onCancel={() => setDisabling(false)}
        okText="关闭两步验证"
        okButtonProps={{ danger: true, loading: saving, htmlType: 'submit', form: 'totp-disable' }}
        destroyOnHidden
      >
        <Form form={form} id="totp-disable" layout="vertical" onFinish={(v) => void disable(v)} disabled={saving} requiredMark={false}>
          <Typography.Paragraph type="secondary">关闭后登录只需要密码。请输入当前密码和验证器上的验证码确认。</Typography.Paragraph>
          <Form.Item name="password" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
            <PasswordInput prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item name="code" label="验证码" rules={totpCodeRules}>
            <TotpCodeInput />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** One row of GET /api/profile/sessions. */
type SessionRow = z.output<typeof sessionRecord>;

/** 登录设备 in 个人资料 (issue 26): where one is signed in, 退出 per device and 退出其他设备. */
export function SessionsCard() {
  const { message } = useApp();
  const [list, setList] = useState<SessionRow[] | null>(null);

  const load = useCallback(async () => {
    const reply = await http.main.get<{ list: SessionRow[] }>('/api/profile/sessions', { _t: Date.now() });
    if (isOk(reply)) setList(reply.data.list);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const signOut = async (row: SessionRow) => {
    const reply = await http.main.del(`/api/profile/sessions/${row.id}`);
    if (isOk(reply)) void message.success('已退出该设备');
    void load();
  };
  const signOutOthers = async () => {
    const reply = await http.main.post<z.output<typeof sessionsEnded>>('/api/profile/sessions/sign_out_others');
    if (isOk(reply)) void message.success(reply.data.ended ? `已退出其他 ${reply.data.ended} 个设备` : '没有其他设备');
    void load();
  };
  const others = (list ?? []).filter((s) => !s.current).length;

  return (
    <Card
      title="登录设备"
      data-testid="sessions-card"
      extra={
        <Popconfirm
          title="退出其他设备？"
          description="除这台设备外，其他设备都需要重新登录。"
          okText="退出"
          cancelText="取消"
          onConfirm={() => void signOutOthers()}
          disabled={!others}
        >
          <Button disabled={!others}>退出其他设备</Button>
        </Popconfirm>
      }
    >
      <List<SessionRow>
        loading={list === null}
        dataSource={list ?? []}
        locale={{ emptyText: '没有其他登录中的设备' }}
        renderItem={(row) => {
          const { browser, system } = parseUserAgent(row.userAgent);
          return (
            <List.Item
              data-testid="session-row"
              actions={[
                row.current ? (
                  <Tag color="blue" key="current">
                    当前设备
                  </Tag>
                ) : (
                  <Popconfirm key="out" title="退出这台设备？" okText="退出" cancelText="取消" onConfirm={() => void signOut(row)}>
                    <Button size="small" aria-label={`退出 ${browser} · ${system}`}>
                      退出
                    </Button>
                  </Popconfirm>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <Tooltip title={row.userAgent || '未知'}>
                    <span>
                      {browser} · {system}
                    </span>
                  </Tooltip>
                }
                description={
                  <span>
                    IP {row.ip || '未知'} · 登录于 {time(row.createdAt)} · 最近活动 {time(row.lastSeenAt)}
                  </span>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
