'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { login } from '@/lib/http';
import { rules } from '@/lib/validation';
import { APP_TITLE } from '@/lib/constants';
import Cookies from 'js-cookie';
import { safeReturnPath, SESSION_END_COOKIE, SESSION_END_TEXT, sessionEndReason } from '@/lib/guard';
import type { AuthMap } from '@/lib/routes';
import { useUserStore, type UserInfo } from '@/stores/user';

interface LoginReply extends UserInfo {
  auth: AuthMap;
}

/** Translates the wrapper's errors for the person at the keyboard. */
function explain(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  if (message === 'Bad credentials') return '用户名或密码错误';
  if (/network|request failed/i.test(message) || !message) return '无法连接服务器，请检查网络后重试';
  return message;
}

/**
 * The sign-in form. `from` is the page the person asked for (they return to it, same-origin back-
 * office paths only); `reason` says why their session ended.
 */
export function LoginForm({ from, reason }: { from?: string; reason?: string }) {
  const endReason = sessionEndReason(reason);
  const router = useRouter();
  const setUser = useUserStore((s) => s.setUser);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: { username: string; password: string }) => {
    setSubmitting(true);
    setError(null);
    try {
      const reply = await login<LoginReply>(values);
      const { auth, ...info } = reply.data!;
      setUser(info, auth);
      Cookies.remove(SESSION_END_COOKIE, { path: '/' });
      router.replace(safeReturnPath(from) ?? '/');
      router.refresh();
    } catch (err) {
      setError(explain(err));
      setSubmitting(false);
    }
  };

  return (
    <Card style={{ width: 400, boxShadow: '0 8px 32px rgba(0,0,0,0.25)' }} styles={{ body: { padding: 32 } }}>
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/logo.svg" alt="" width={56} height={56} />
        <Typography.Title level={1} style={{ margin: '12px 0 4px', fontSize: 24 }}>
          {APP_TITLE}
        </Typography.Title>
        <Typography.Text type="secondary">卡车资讯 · 内容管理后台</Typography.Text>
      </div>
      {endReason && !error && <Alert type="info" showIcon title={SESSION_END_TEXT[endReason]} style={{ marginBottom: 16 }} data-testid="session-ended" />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form layout="vertical" size="large" onFinish={onFinish} requiredMark={false} autoComplete="on">
        <Form.Item label="用户名" name="username" rules={[{ ...rules.required('用户名'), message: '请输入用户名' }, rules.length('用户名', { max: 64 })]}>
          <Input prefix={<UserOutlined aria-hidden />} placeholder="请输入用户名" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ ...rules.required('密码'), message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form>
    </Card>
  );
}
