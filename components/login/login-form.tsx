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
/** What a DingTalk sign-in that came back to this screen means (server/routes/dingtalk.ts). */
export const DINGTALK_LOGIN_TEXT: Record<string, { type: 'info' | 'error'; text: string }> = {
  unbound: { type: 'info', text: '这个钉钉账号还没有绑定员工账号。请用用户名和密码登录一次，登录后确认绑定，以后即可用钉钉直接登录。' },
  disabled: { type: 'error', text: '钉钉账号绑定的员工账号已被停用，如有疑问请联系管理员。' },
  refused: { type: 'error', text: '钉钉没有确认你的身份（授权码无效或已过期），请重试。' },
  denied: { type: 'error', text: '钉钉登录已取消。' },
  state: { type: 'error', text: '钉钉登录已失效或不是从本页发起的，请重新点击「钉钉登录」。' },
  off: { type: 'error', text: '钉钉登录未配置，请用用户名和密码登录。' },
};

export function LoginForm({ from, reason, dingtalk }: { from?: string; reason?: string; dingtalk?: { configured: boolean; result?: string } }) {
  const dingtalkNote = dingtalk?.result ? DINGTALK_LOGIN_TEXT[dingtalk.result] : undefined;
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
      {dingtalkNote && !error && <Alert type={dingtalkNote.type} showIcon title={dingtalkNote.text} style={{ marginBottom: 16 }} data-testid="dingtalk-note" />}
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
      {dingtalk?.configured && (
        // A plain link: the server redirects to DingTalk with a single-use signed state.
        <Button block href="/api/dingtalk/login_start" style={{ marginTop: 12 }}>
          钉钉登录
        </Button>
      )}
    </Card>
  );
}
