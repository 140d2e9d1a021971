import { AntdRegistry } from '@ant-design/nextjs-registry';
import { routeMetadata } from '@/lib/page-title';
import { Providers } from '@/components/layout/providers';
import { TotpSetupScreen } from '@/components/account/totp-setup-screen';

export const metadata = routeMetadata('/login/totp');

/**
 * 开启两步验证 (/login/totp): the one page a member whose role requires two-step sign-in can open
 * until they have enrolled (issue 26; the guard sends them here, the server answers nothing else).
 */
export default function Page() {
  return (
    <AntdRegistry>
      <Providers>
        <main className="totp-setup-page">
          <TotpSetupScreen />
        </main>
      </Providers>
    </AntdRegistry>
  );
}
