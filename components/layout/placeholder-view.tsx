'use client';

import { Result, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { ToolOutlined } from '@ant-design/icons';

/** A screen still to be built. The shell shows the page's h1; a bare layout passes `isPageHeading`. */
export function PlaceholderView({ title, group, isPageHeading = false }: { title: string; group?: string; isPageHeading?: boolean }) {
  return (
    <Card>
      {isPageHeading && (
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 20 }}>
          {title}
        </Typography.Title>
      )}
      <Result icon={<ToolOutlined aria-hidden />} title="建设中" subTitle={`「${title}」${group ? `（${group}）` : ''}功能正在建设中，将在后续版本提供。`} />
    </Card>
  );
}
