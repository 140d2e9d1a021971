import type { ReactNode } from 'react';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { Providers } from '../../components/layout/providers';
import '@/styles/antd/app.css';
import '../globals.css';

/** The preview's bare layout: antd's theme and registry (the root layout has none, issue 17). */
export default function PreviewLayout({ children }: { children: ReactNode }) {
  return (
    <AntdRegistry>
      <Providers>{children}</Providers>
    </AntdRegistry>
  );
}
