'use client';

import { Button, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { http } from '@/lib/http';
import { TotpEnrolment } from './totp-enrolment';

/** The enrolment a role requires before anything else (issue 26): enrol, or sign out. */
export function TotpSetupScreen() {
  const logout = async () => {
    await http.main.post('/api/logout');
    window.location.replace('/login');
  };
  return (
    <Card style={{ width: 560, maxWidth: '100%' }} data-testid="totp-setup-screen">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        开启两步验证
      </Typography.Title>
      <Typography.Paragraph type="secondary">你的角色要求登录时使用两步验证。完成下面两步后即可进入系统；此前不能使用其他功能。</Typography.Paragraph>
      <TotpEnrolment
        // A full load: the guard and the shell read the session anew, now allowed everywhere.
        onDone={() => window.location.replace('/')}
        doneText="我已保存恢复码，进入系统"
        extra={<Button onClick={() => void logout()}>退出登录</Button>}
      />
    </Card>
  );
}
