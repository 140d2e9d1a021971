'use client';

import Link from 'next/link';
import { Alert, Badge, Button, Col, Descriptions, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { Card } from '@/components/common/card';
import { RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { StatusTag } from '@/components/articles/review';
import { editorPath, reviewPath, type WorkbenchData, type WorkbenchItem } from '@/lib/api/workflow';
import { WORKBENCH_READ } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import type { OfflineFocusGroup } from '@/lib/resources/operations';
import { scopeText } from '@/lib/permissions';
import { useUserStore, useViewer } from '@/stores/user';
import { PausedWebhooksNotice } from '@/components/delivery/paused-notice';

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

export function Workbench({
  name,
  username,
  isSuper,
  level,
  shortcuts,
  writes = true,
}: {
  name: string;
  username: string;
  isSuper: boolean;
  level: number;
  shortcuts: Shortcut[];
  /** The person writes content (an editor route): their drafts, rejections and schedules are shown (ux-2026-11-28 P3-7). */
  writes?: boolean;
}) {
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
      {/* Admins of 站点接口: an endpoint paused after a day of failures (webhooks). */}
      {shortcuts.some((s) => s.path === '/setting/delivery') && <PausedWebhooksNotice />}
      <MyWork writes={writes} />
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

const when = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : '');
const KIND_LABEL: Record<string, string> = { article: '文章', gallery: '图集', video: '视频文章' };
const kindOf = (item: WorkbenchItem) => (item.contentType === 'video' ? '短视频' : (KIND_LABEL[item.kind] ?? '文章'));

/** One line of a workbench list: the title as a link, then what matters for that list. */
function ItemLine({ item, href, children }: { item: WorkbenchItem; href: string; children?: ReactNode }) {
  return (
    <li style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0', listStyle: 'none' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Tag style={{ marginInlineEnd: 0 }}>{kindOf(item)}</Tag>
        <Link href={href} style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {item.title}
        </Link>
      </div>
      {children && <div style={{ marginTop: 4 }}>{children}</div>}
    </li>
  );
}

function TaskCard({
  title,
  testId,
  count,
  extra,
  empty,
  children,
}: {
  title: string;
  testId: string;
  count?: number;
  extra?: ReactNode;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card
      size="small"
      data-testid={testId}
      title={
        <span>
          {title}
          {count !== undefined && count > 0 && <Badge count={count} overflowCount={999} style={{ marginInlineStart: 8, backgroundColor: '#1677ff' }} />}
        </span>
      }
      extra={extra}
      style={{ height: '100%' }}
    >
      {children.length ? <ul style={{ margin: 0, padding: 0 }}>{children}</ul> : <Typography.Text type="secondary">{empty}</Typography.Text>}
    </Card>
  );
}

/**
 * 我的工作 (DESIGN §8): what waits for my review, my rejected items with the reviewers' reasons, my
 * drafts and the scheduled publications and offlines, each a link to the editor or the review view.
 */
function MyWork({ writes }: { writes: boolean }) {
  // Read with the page on the server (app/(default)/page.tsx), so it shows without a skeleton.
  const work = useApiRead<WorkbenchData>(WORKBENCH_READ);
  const data = work.data ?? null;

  if (work.isError && !data) {
    return (
      <Col span={24}>
        <Card title="我的工作">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="我的工作加载失败，请检查网络后重试">
            <Button onClick={() => void work.refetch()}>重新加载</Button>
          </Empty>
        </Card>
      </Col>
    );
  }
  if (!data) {
    return (
      <Col span={24}>
        <Card title="我的工作">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      </Col>
    );
  }
  const span = data.review ? { xs: 24, md: 12, xl: 6 } : { xs: 24, md: 12, xl: 8 };
  // Someone who writes nothing and reviews nothing (运营) sees only what concerns them.
  if (!writes && !data.review) return data.focus && data.focus.length > 0 ? <OfflineFocusNotice groups={data.focus} /> : null;
  return (
    <>
      {data.focus && data.focus.length > 0 && <OfflineFocusNotice groups={data.focus} />}
      {data.review && (
        <Col {...span}>
          <TaskCard title="待我审核" testId="work-review" count={data.reviewTotal} extra={<Link href="/article/check">全部</Link>} empty="没有等待审核的稿件">
            {data.review.map((item) => (
              <ItemLine key={`${item.contentType}:${item.id}`} item={item} href={reviewPath(item.contentType, item.id)}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.editorName ?? ''} {item.submittedAt ? `${when(item.submittedAt)} 提交` : ''}
                </Typography.Text>
              </ItemLine>
            ))}
          </TaskCard>
        </Col>
      )}
      <Col {...span}>
        <TaskCard title="被驳回" testId="work-rejected" count={data.rejected.length} empty="没有被驳回的稿件">
          {data.rejected.map((item) => (
            <ItemLine key={`${item.contentType}:${item.id}`} item={item} href={editorPath(item.contentType, item.kind, item.id)}>
              <div style={{ background: '#fff2f0', borderRadius: 4, padding: '4px 8px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <Typography.Text type="danger" strong>
                  驳回理由：
                </Typography.Text>
                {item.reviewComment || '（未填写）'}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when(item.reviewedAt)} 驳回 · 修改后重新提交审核
              </Typography.Text>
            </ItemLine>
          ))}
        </TaskCard>
      </Col>
      <Col {...span}>
        <TaskCard title="我的草稿" testId="work-drafts" empty="没有草稿。写好的稿件保存后会出现在这里，提交审核后进入审核队列">
          {data.drafts.map((item) => (
            <ItemLine key={`${item.contentType}:${item.id}`} item={item} href={editorPath(item.contentType, item.kind, item.id)}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when(item.updatedAt)} 保存
              </Typography.Text>
            </ItemLine>
          ))}
        </TaskCard>
      </Col>
      <Col {...span}>
        <TaskCard title="定时任务" testId="work-scheduled" empty="没有定时发布或定时下线的稿件">
          {data.scheduled.map((item) => (
            <ItemLine key={`${item.contentType}:${item.id}`} item={item} href={editorPath(item.contentType, item.kind, item.id)}>
              <StatusTag status={item.status} publishAt={item.publishAt} offlineAt={item.offlineAt} />
            </ItemLine>
          ))}
        </TaskCard>
      </Col>
    </>
  );
}

/**
 * For operators (issue 15, review P2-4; issue 24, P2-2): focus slots that would show but whose
 * article or short video is no longer published, or is scheduled and not out yet, per screen and
 * platform or channel, each opening that list filtered to 内容已下线 or 待发布. Shown only when
 * there are some.
 */
export function OfflineFocusNotice({ groups }: { groups: OfflineFocusGroup[] }) {
  const total = groups.reduce((n, g) => n + g.count, 0);
  const offline = groups.filter((g) => g.reason === 'offline').reduce((n, g) => n + g.count, 0);
  const title =
    offline === total
      ? `${total} 个焦点图展示的内容已下线，读者点开会找不到页面`
      : offline === 0
        ? `${total} 个焦点图的内容尚未发布，发布前读者看不到这些焦点图`
        : `${total} 个焦点图读者看不到：${offline} 个的内容已下线，${total - offline} 个的内容尚未发布`;
  return (
    <Col span={24}>
      <Alert
        type={offline ? 'error' : 'warning'}
        showIcon
        data-testid="work-focus-offline"
        title={title}
        description={
          <>
            <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
              {groups.map((g) => (
                <li key={g.href}>
                  <Link href={g.href}>{g.label}</Link>：{g.count} 个{g.reason === 'pending' ? '（内容待发布）' : ''}
                </li>
              ))}
            </ul>
            <Typography.Text type="secondary">
              {offline === total
                ? '请为它们换一篇已发布的内容，或停用这些焦点图。'
                : offline
                  ? '请为内容已下线的换一篇已发布的内容，或停用它们；待发布的在内容发布后自动展示。'
                  : '内容发布后它们会自动展示；如需现在展示，请换一篇已发布的内容。'}
            </Typography.Text>
          </>
        }
      />
    </Col>
  );
}
