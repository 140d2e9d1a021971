'use client';

import { useMemo, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { currentQuery, showQuery } from '@/components/crud/use-list-query';
import { Empty, Form, Grid, Space, Tabs, TreeSelect, Typography, type TableColumnType } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import Link from 'next/link';
import { DATE_COLUMN_WIDTH, DateTimeCell, EllipsisText, linkColumn, ResourceList, thumbColumn } from '@/components/crud';
import { CoverInput } from '@/components/media/cover-input';
import { operationsApi } from '@/lib/api/operations';
import { isOk, resourceClient } from '@/lib/api/resource';
import type { ListResult, ResourceDecl } from '@/lib/resources/define';
import { focusFixed, focusGroupParam, type FocusGroup, type FocusSlot } from '@/lib/resources/operations';
import { platformResource } from '@/lib/resources/taxonomy';
import { useCategoryGroups } from '@/components/taxonomy/category-groups';
import { resourcePath } from '@/lib/query';
import { allRowsRead } from '@/lib/query/reads';
import { useApiRead } from '@/lib/query/use-api-read';
import { buildTree } from '@/lib/tree';
import { PERIOD_RULES, PERIOD_WIDTH, periodText, SlotStatusTag, TargetPicker } from './focus-fields';
import type { Platform } from '@/lib/api/types';

/** The platforms (every one: the screen offers the enabled), a read shared with 分类管理 · 平台 (its writes refresh it here). */
function usePlatforms(): Platform[] | null {
  const read = useApiRead<ListResult<Platform>>(allRowsRead(resourcePath(platformResource)));
  return read.data?.list ?? (read.isError ? NO_PLATFORMS : null);
}
const NO_PLATFORMS: Platform[] = [];

/** Category types with their whole category trees: the channels a channel slot belongs to. */
function useChannelTree() {
  const { groups, failed } = useCategoryGroups();
  return useMemo(() => {
    const all = (groups ?? []).flatMap((g) => g.rows);
    const tree = groups
      ? groups.map((g) => ({ title: g.type.name, value: `type-${g.type.id}`, selectable: false, children: buildTree(g.rows) as unknown[] }))
      : failed
        ? []
        : null;
    return { tree, names: new Map(all.map((c) => [c.id, c.name])) };
  }, [groups, failed]);
}

export interface FocusListProps {
  def: ResourceDecl;
  group: FocusGroup;
  /** 刷新 (the right-side home focus). */
  hasFlush?: boolean;
  /** The URL parameter holding the chosen group (several lists on one screen keep their own). */
  groupParam?: string;
}

/**
 * A focus family: slots in drag order within their platform (tabs) or channel (a chooser), each
 * with its picture, what it shows (an article, a video or a link), its period and whether it is
 * 展示中 / 待上线 / 内容已下线 / 已过期 / 已停用 now. The group is in the URL.
 */
export function FocusList({ def, group, hasFlush = false, groupParam = focusGroupParam(group) }: FocusListProps) {
  const { message } = useApp();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const client = useMemo(() => resourceClient<FocusSlot>(def), [def]);
  const platforms = usePlatforms();
  const channels = useChannelTree();
  const enabledPlatforms = (platforms ?? []).filter((p) => p.enabled);
  // On a phone the status goes beside the title (the status column would be off screen).
  const isNarrow = Grid.useBreakpoint().md === false;
  const asked = searchParams.get(groupParam);
  // The group shown (the server's first page reads the same one: focusFixed).
  const chosen = focusFixed(group, asked, platforms ?? []);
  const platform = chosen?.platform ?? null;
  const categoryId = chosen?.categoryId ?? null;

  const setGroup = (value: string | number | null) => {
    const next = currentQuery();
    if (value === null) next.delete(groupParam);
    else next.set(groupParam, String(value));
    for (const k of ['page', 'keyword', 'status']) next.delete(k);
    showQuery(pathname, next);
  };

  const columns: TableColumnType<FocusSlot>[] = [
    thumbColumn<FocusSlot>('image', '图片'),
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      width: 200,
      render: (title: string, s) => (
        <div style={{ maxWidth: 200 }}>
          {isNarrow && (
            <div style={{ marginBottom: 2 }}>
              <SlotStatusTag slot={s} />
            </div>
          )}
          <EllipsisText text={title} />
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {s.articleId
              ? `文章：${s.targetTitle ?? `#${s.articleId}（已删除）`}`
              : s.videoId
                ? `视频：${s.targetTitle ?? `#${s.videoId}（已删除）`}`
                : '仅链接'}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'status', title: '状态', width: 104, render: (_: unknown, s) => <SlotStatusTag slot={s} /> },
    { key: 'period', title: '展示时间', width: PERIOD_WIDTH, render: (_: unknown, s) => periodText(s.startAt, s.endAt) },
    linkColumn<FocusSlot>('url', '链接', 140),
    ...(hasFlush
      ? [
          {
            key: 'flushedAt',
            title: '上次刷新',
            dataIndex: 'flushedAt',
            width: DATE_COLUMN_WIDTH,
            render: (v: string | null) => <DateTimeCell value={v} empty="未刷新" />,
          },
        ]
      : []),
  ];

  const groupPicker =
    group === 'platform' ? (
      platforms && !enabledPlatforms.length ? null : (
        <Tabs
          // Many platforms on a phone: the tabs scroll sideways (swipe, or the arrow keys); antd's 更多 button is not shown (see globals.css).
          className="platform-tabs"
          activeKey={platform ?? undefined}
          onChange={(key) => setGroup(key)}
          items={enabledPlatforms.map((p) => ({ key: p.code, label: p.name }))}
          style={{ marginBottom: 8 }}
        />
      )
    ) : group === 'category' ? (
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor={`${def.name}-channel`}>频道</label>
        <TreeSelect
          id={`${def.name}-channel`}
          style={{ minWidth: 240 }}
          value={categoryId ?? undefined}
          treeData={(channels.tree ?? []) as never}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="选择频道（分类）"
          loading={channels.tree === null}
          onChange={(v: number | undefined) => setGroup(v ?? null)}
        />
      </Space>
    ) : null;

  const missing =
    group === 'platform' && platforms && !enabledPlatforms.length ? (
      <Empty
        description={
          <span>
            还没有启用的平台。请先在 <Link href="/setting?tab=platform">分类管理 · 平台</Link> 中添加 app、m、pc 等平台。
          </span>
        }
      />
    ) : group === 'category' && !categoryId ? (
      <Empty
        description={
          channels.tree && !channels.tree.length ? (
            <span>
              还没有分类。请先在 <Link href="/setting">分类管理</Link> 中添加频道分类。
            </span>
          ) : (
            '先选择一个频道，再查看和安排它的焦点图。'
          )
        }
      />
    ) : null;

  const fixed = chosen ?? {};
  const ready = chosen !== null;

  return (
    <>
      {groupPicker}
      {missing}
      {ready && (
        <ResourceList<FocusSlot>
          key={`${def.name}:${platform ?? categoryId ?? ''}`}
          def={def}
          client={client}
          fieldColumns={columns}
          fixed={fixed}
          pageSize={100}
          hasToggle
          // 编辑 and 刷新 are two buttons: no 更多 menu to make room for.
          columns={hasFlush ? { actions: { width: 128 } } : undefined}
          narrowHidden={['image', 'status', 'period', 'url', 'flushedAt']}
          initialValues={{ startAt: new Date().toISOString(), ...fixed }}
          transform={(v) => ({ ...v, videoId: v.videoId ?? null })}
          form={{
            width: 720,
            optionsFor: { platform: enabledPlatforms.map((p) => ({ label: p.name, value: p.code })) },
            treeDataFor: { categoryId: (channels.tree ?? []) as never },
            fieldsOverride: {
              articleId: <TargetPickerField defaultMode={def.name === 'focus_video' ? 'video' : 'article'} />,
              image: <CoverInput pickerTitle="选择焦点图图片" />,
            },
            extraFields: (
              <Form.Item name="videoId" hidden>
                <input type="hidden" />
              </Form.Item>
            ),
            itemRules: PERIOD_RULES,
          }}
          hint={`拖动左侧手柄调整${group === 'platform' ? `「${enabledPlatforms.find((p) => p.code === platform)?.name ?? ''}」` : group === 'category' ? `「${channels.names.get(categoryId ?? 0) ?? ''}」` : ''}焦点图的轮播顺序；也可聚焦手柄后按 ↑ ↓。`}
          more={
            hasFlush
              ? (slot, reload) => [
                  {
                    key: 'flush',
                    label: '刷新',
                    onClick: async () => {
                      const reply = await operationsApi.flushHomeRight(slot.id);
                      if (isOk(reply)) void message.success(`「${slot.title}」${reply.data.pushed ? '已推送到网站' : '已记录刷新时间（未配置推送地址）'}`);
                      await reload();
                    },
                  },
                ]
              : undefined
          }
        />
      )}
    </>
  );
}

/** The TargetPicker with the edited slot's article title (read from the form's record). */
function TargetPickerField(props: { value?: number | null; onChange?: (id: number | null) => void; id?: string; defaultMode?: 'article' | 'video' }) {
  const form = Form.useFormInstance();
  const [initialTitle] = useState<string | null>(() => (form.getFieldValue('targetTitle') as string | null | undefined) ?? null);
  return <TargetPicker {...props} initialTitle={initialTitle} />;
}
