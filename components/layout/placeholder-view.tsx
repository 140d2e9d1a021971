'use client';

import { Card, Result, Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

export function PlaceholderView({ title, group }: { title: string; group?: string }) {
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Result
        icon={<ToolOutlined />}
        title="建设中"
        subTitle={`「${title}」${group ? `（${group}）` : ''}功能正在建设中，将在后续版本提供。`}
      />
    </Card>
  );
}
