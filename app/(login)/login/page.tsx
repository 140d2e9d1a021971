import { cookies } from 'next/headers';
import { SESSION_END_COOKIE } from '@/lib/guard';
import { routeMetadata } from '@/lib/page-title';
import { dingtalkFromEnv } from '@/server/dingtalk/client';
import { LoginForm } from '@/components/login/login-form';
// antd's rules for the components the form draws (scripts/antd-css.mjs), ours, then the form's own.
import '@/styles/antd/login.css';
import '../../globals.css';
import '@/components/login/login.css';

export const metadata = routeMetadata('/login');

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // The URL's reason, else the one remembered when the session was cleared (lib/guard.ts).
  const reason = one(query.reason) ?? (await cookies()).get(SESSION_END_COOKIE)?.value;
  // antd's App wrapper as the signed-in screens have it (font, size); login.css holds its theme.
  return (
    <div className="ant-app css-var-login">
      <main
        style={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'linear-gradient(135deg, #0d2f73 0%, #1d5bd8 60%, #4d8af0 100%)',
          padding: 16,
        }}
      >
        <LoginForm
          from={one(query.from)}
          reason={reason}
          step={one(query.step)}
          dingtalk={{ configured: dingtalkFromEnv() !== null, result: one(query.dingtalk) }}
        />
      </main>
    </div>
  );
}
