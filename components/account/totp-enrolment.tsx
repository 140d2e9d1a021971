'use client';

import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import type { z } from 'zod';
import { isOk } from '@/lib/api/resource';
import type { totpEnabledAnswer, totpSetupAnswer } from '@/lib/api/two-step';
import { http, isFailure } from '@/lib/http';
import { TOTP_CODE_MESSAGE, isTotpCode } from '@/lib/totp';

/** POST /api/profile/totp/setup (server/routes/profile.ts). */
type TotpSetup = z.output<typeof totpSetupAnswer>;

/**
 * The six-digit code field every step of two-step sign-in uses: focused when it appears, the
 * phone's number pad, and the code the phone offers from a message or an authenticator filled in.
 */
export function TotpCodeInput(props: { id?: string; autoFocus?: boolean; value?: string; onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <Input
      {...props}
      size="large"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      placeholder="6 位数字"
      style={{ maxWidth: 200, letterSpacing: 4, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

export const totpCodeRules = [
  { required: true, message: '请输入验证码' },
  { validator: (_: unknown, v?: string) => (!v || isTotpCode(v) ? Promise.resolve() : Promise.reject(new Error(TOTP_CODE_MESSAGE))) },
];

/** The recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone, doneText }: { codes: string[]; onDone: () => void; doneText: string }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`两步验证恢复码（每个只能用一次）\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = '两步验证恢复码.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="recovery-codes">
      <Alert
        type="success"
        showIcon
        title="两步验证已开启"
        description="请把下面 10 个恢复码保存在安全的地方（打印或存入密码管理器）。手机丢失时，每个恢复码可以代替验证码登录一次。恢复码只显示这一次。"
        style={{ marginBottom: 16 }}
      />
      <ol className="recovery-code-list" aria-label="恢复码">
        {codes.map((c) => (
          <li key={c}>
            <Typography.Text code>{c}</Typography.Text>
          </li>
        ))}
      </ol>
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text copyable={{ text, tooltips: ['复制全部恢复码', '已复制'] }}>复制全部</Typography.Text>
        <Button onClick={download}>下载为文本文件</Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-codes-saved">
          {doneText}
        </Button>
      </Space>
    </div>
  );
}

/**
 * Enrolment in two-step sign-in (issue 26): scan the QR code (or type the secret), confirm one
 * code, then the ten recovery codes shown once. Used in 个人资料 and on the enrolment page a role
 * that requires it sends a member to.
 */
export function TotpEnrolment({ onDone, doneText = '我已保存恢复码', extra }: { onDone: () => void; doneText?: string; extra?: React.ReactNode }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [failed, setFailed] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const started = useRef(false);

  const start = async () => {
    setFailed(false);
    const reply = await http.main.post<TotpSetup>('/api/profile/totp/setup');
    if (isOk(reply)) setSetup(reply.data);
    else setFailed(true);
  };

  useEffect(() => {
    // Once per enrolment (React's development double effect would hand out two secrets).
    if (started.current) return;
    started.current = true;
    void start();
  }, []);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneText={doneText} />;
  if (failed)
    return (
      <Alert
        type="warning"
        showIcon
        title="无法获取二维码"
        description="请检查网络后重试。"
        action={
          <Button size="small" onClick={() => void start()}>
            重试
          </Button>
        }
      />
    );
  if (!setup) return <Skeleton active paragraph={{ rows: 6 }} />;

  const onFinish = async ({ code }: { code: string }) => {
    setSaving(true);
    const reply = await http.main.post<z.output<typeof totpEnabledAnswer>>('/api/profile/totp/enable', { code, secret: setup.secret });
    setSaving(false);
    if (isOk(reply)) setCodes(reply.data.recoveryCodes);
    else if (!isFailure(reply) && reply.errors?.code) form.setFields([{ name: 'code', errors: [reply.errors.code] }]);
  };

  return (
    <div className="totp-enrolment">
      <ol className="totp-steps">
        <li>
          <Typography.Text strong>用手机上的验证器扫描二维码</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            可用 Google 或 Microsoft Authenticator、阿里云 App，或微信、钉钉里的身份验证器小程序。
          </Typography.Paragraph>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={setup.qrCode} alt="两步验证二维码（用验证器扫描）" width={176} height={176} className="totp-qr" data-testid="totp-qr" />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            无法扫码时，在验证器中选择「手动输入」，填入密钥：
          </Typography.Paragraph>
          <Typography.Text code copyable={{ text: setup.secret, tooltips: ['复制密钥', '已复制'] }} className="totp-secret" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Typography.Text>
        </li>
        <li>
          <Typography.Text strong>输入验证器上显示的 6 位验证码</Typography.Text>
          <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} disabled={saving} style={{ marginTop: 8 }} requiredMark={false}>
            <Form.Item name="code" label="验证码" rules={totpCodeRules} validateTrigger="onSubmit">
              <TotpCodeInput autoFocus />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={saving}>
                确认开启
              </Button>
              {extra}
            </Space>
          </Form>
        </li>
      </ol>
    </div>
  );
}
