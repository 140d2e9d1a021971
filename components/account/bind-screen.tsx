'use client';

import { PasswordInput } from '@/components/common/password-input';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { Alert, Button, Descriptions, Form, Modal, Space, Spin, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { useApp } from '@/components/common/app-feedback';
import { LockOutlined } from '@ant-design/icons';
import { http, isFailure, type ApiReply, type HttpFailure } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { useViewer } from '@/stores/user';

interface Status {
  configured: boolean;
  bound: boolean;
  nick: string | null;
  /** A DingTalk identity this browser came back with, waiting to be bound to the signed-in person. */
  pending: { nick: string } | null;
}

/** What a binding that came back to this screen means (server/routes/dingtalk.ts). */
const RESULT_TEXT: Record<string, { type: 'success' | 'error'; text: string }> = {
  bound: { type: 'success', text: '钉钉账号已绑定，以后可以在登录页用「钉钉登录」直接登录。' },
  taken: { type: 'error', text: '这个钉钉账号已绑定了另一个员工账号，请先在那个账号中解绑。' },
  refused: { type: 'error', text: '钉钉没有确认你的身份（授权码无效或已过期），请重试。' },
  denied: { type: 'error', text: '钉钉授权已取消，没有绑定。' },
  state: { type: 'error', text: '这次绑定已失效或不是由你发起的，请重新点击「绑定钉钉」。' },
};

/**
 * 绑定钉钉: whether DingTalk is set up, which DingTalk account this staff account is bound to, bind
 * (through DingTalk's consent page) and unbind; and, after signing in with a password following a
 * DingTalk sign-in that found no account, the confirmation that binds that DingTalk identity here.
 */
export function BindDingtalkScreen() {
  const { message, modal } = useApp();
  const viewer = useViewer();
  const params = useSearchParams();
  const [status, setStatus] = useState<Status | null>(null);
  const result = RESULT_TEXT[params.get('result') ?? params.get('error') ?? ''];

  const load = useCallback(async () => {
    const reply = await http.main.get<Status>('/api/dingtalk/status');
    if (isOk(reply)) setStatus(reply.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // Both ways of binding ask for the current password first (a stolen session is not enough).
  const [asking, setAsking] = useState<'bind' | 'pending' | null>(null);
  const bind = async (currentPassword: string) => {
    const reply = await http.main.post<{ url: string }>('/api/dingtalk/bind_start', { currentPassword });
    if (isOk(reply)) window.location.assign(reply.data.url);
    return reply;
  };
  const confirmPending = async (currentPassword: string) => {
    const reply = await http.main.post<{ bound: boolean }>('/api/dingtalk/bind_pending', { currentPassword });
    if (isOk(reply)) {
      setAsking(null);
      void message.success('钉钉账号已绑定');
      await load();
    }
    return reply;
  };
  const unbind = () =>
    modal.confirm({
      title: `解绑钉钉账号「${status?.nick ?? ''}」？`,
      content: '解绑后不能再用这个钉钉账号登录，需要时可以重新绑定。',
      okText: '解绑',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const reply = await http.main.del<{ bound: boolean }>('/api/dingtalk/binding');
        if (isOk(reply)) void message.success('已解绑钉钉账号');
        await load();
      },
    });

  return (
    <Card style={{ maxWidth: 640 }}>
      {result && <Alert type={result.type} showIcon title={result.text} style={{ marginBottom: 16 }} data-testid="dingtalk-result" />}
      {!status ? (
        <Spin />
      ) : !status.configured ? (
        <Alert
          type="info"
          showIcon
          title="钉钉登录未配置"
          // The server's variables are for whoever runs it (ux P3-15): staff are told whom to ask.
          description={
            viewer?.isSuper
              ? '在服务器上设置 DINGTALK_CLIENT_ID 和 DINGTALK_CLIENT_SECRET（钉钉开放平台应用的 AppKey 和 AppSecret）、本系统的外部地址 CMS_PUBLIC_ORIGIN，并登记回调地址 /api/dingtalk/callback 后，这里即可绑定。'
              : '本系统还没有开通钉钉登录，开通后这里即可绑定。需要时请联系管理员。'
          }
        />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {status.pending && !status.bound && (
            <Alert
              type="warning"
              showIcon
              title={`把钉钉账号「${status.pending.nick}」绑定到当前账号？`}
              description="你刚才用这个钉钉账号登录，但它还没有绑定员工账号。确认后，以后可以用它直接登录。"
              action={
                <Button type="primary" onClick={() => setAsking('pending')}>
                  确认绑定
                </Button>
              }
            />
          )}
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="钉钉账号">
              {status.bound ? status.nick || '已绑定' : <Typography.Text type="secondary">未绑定</Typography.Text>}
            </Descriptions.Item>
          </Descriptions>
          {status.bound ? (
            <Button danger onClick={unbind}>
              解绑钉钉
            </Button>
          ) : (
            <Button type="primary" onClick={() => setAsking('bind')}>
              绑定钉钉
            </Button>
          )}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            绑定前需要输入当前密码，然后会跳转到钉钉的授权页面，确认后自动回到这里。一个钉钉账号只能绑定一个员工账号；修改或重置密码时绑定会自动解除。
          </Typography.Paragraph>
        </Space>
      )}
      <CurrentPasswordModal
        open={asking !== null}
        title={asking === 'pending' ? `确认绑定钉钉账号「${status?.pending?.nick ?? ''}」` : '绑定钉钉'}
        okText={asking === 'pending' ? '确认绑定' : '继续'}
        onSubmit={(password) => (asking === 'pending' ? confirmPending(password) : bind(password))}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}

/**
 * Asks for the current password before a binding (the server checks it and counts wrong ones with
 * 个人资料's). A wrong one is shown under the field; the dialog stays open until it succeeds
 * (binding then leaves for DingTalk) or is cancelled.
 */
function CurrentPasswordModal({
  open,
  title,
  okText,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  okText: string;
  onSubmit: (password: string) => Promise<ApiReply<unknown> | HttpFailure>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ currentPassword: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ currentPassword }: { currentPassword: string }) => {
    if (busy) return;
    setBusy(true);
    const reply = await onSubmit(currentPassword);
    // A success leaves for DingTalk (keep spinning) or closes the dialog.
    if (isOk(reply)) return;
    setBusy(false);
    const error = isFailure(reply) ? undefined : reply.errors?.currentPassword;
    if (error) form.setFields([{ name: 'currentPassword', errors: [error] }]);
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      afterClose={() => setBusy(false)}
      destroyOnHidden
    >
      <Form form={form} name="dingtalk-password" layout="vertical" onFinish={(v) => void submit(v)} clearOnDestroy requiredMark>
        <Typography.Paragraph type="secondary">钉钉账号可以直接登录这个员工账号，绑定前请输入当前密码确认是你本人。</Typography.Paragraph>
        <Form.Item name="currentPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <PasswordInput prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
