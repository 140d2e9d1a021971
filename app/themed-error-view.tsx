'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { ErrorView } from '@/components/common/error-view';
import { Providers } from '../components/layout/providers';
// The root boundaries render outside the layout groups, which bring antd's stylesheet and ours.
import '@/styles/antd/app.css';
import './globals.css';

/**
 * The error page with antd's theme around it: the root layout sets up no antd (issue 17), and the
 * root error and not-found boundaries render outside the signed-in layout.
 */
export default function ThemedErrorView(props: Parameters<typeof ErrorView>[0]) {
  return (
    <AntdRegistry>
      <Providers>
        <ErrorView {...props} />
      </Providers>
    </AntdRegistry>
  );
}
