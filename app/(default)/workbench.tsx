'use client';

import Link from 'next/link';
import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { scopeText } from '@/lib/permissions';
import { useUserStore, useViewer } from '@/stores/user';

export interface Shortcut {
  path: string;
  name: string;
  group: string;
}


function greetingFor(hour: number) {
  if (hour < 6) return '凌晨好';
  if (hour < 11) return '早上好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export function Workbench({ name, username, isSuper, level, shortcuts }: { name: string; username: string; isSuper: boolean; level: number; shortcuts: Shortcut[] }) {
  // The time of day is the browser's, so it is filled after hydration.
  const [now, setNow] = useState<dayjs.Dayjs | null>(null);
  useEffect(() => setNow(dayjs()), []);
  // Role and department names arrive with the profile the shell loads.
  const info = useUserStore((s) => s.info);
  const viewer = useViewer();
  const isLoaded = info?.roleName !== undefined;

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }} data-testid="greeting">
            你好，{name}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {now ? `${greetingFor(now.hour())}，今天是 ${now.format('YYYY年M月D日 dddd')}。` : '\u00a0'}欢迎使用卡车资讯内容管理后台。
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="快捷入口">
          {shortcuts.length === 0 ? (
            <Empty description="你的角色暂未分配任何功能，请联系管理员在「角色权限」中授权。" />
          ) : (
            <Row gutter={[12, 12]}>
              {shortcuts.map((s) => (
                <Col key={s.path} xs={12} md={8}>
                  <Link href={s.path}>
                    <Card size="small" hoverable>
                      <Typography.Text strong>{s.name}</Typography.Text>
                      <RightOutlined aria-hidden style={{ float: 'right', marginTop: 4, fontSize: 12 }} />
                      <div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {s.group}
                        </Typography.Text>
                      </div>
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title="我的账号">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{username}</Descriptions.Item>
            <Descriptions.Item label="角色">
              <span data-testid="my-role">{isSuper ? <Tag color="gold">超级管理员</Tag> : isLoaded ? (info?.roleName ?? '未分配角色') : '…'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="部门">
              <span data-testid="my-department">{isLoaded ? (info?.departmentName ?? '未分配部门') : '…'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="数据范围">
              <span data-testid="my-scope">{viewer ? scopeText(viewer, info?.departmentName) : level === 1 ? '全部数据' : '…'}</span>
            </Descriptions.Item>
          </Descriptions>
          <Link href="/user/my">修改个人资料与密码</Link>
        </Card>
      </Col>
    </Row>
  );
}
