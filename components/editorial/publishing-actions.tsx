'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { useApp } from '@/components/common/app-feedback';
import type { RowAction } from '@/components/crud/row-actions';
import { isFailure } from '@/lib/http';
import { isOk } from '@/lib/api/resource';
import { workflowApi, type ContentType, type FocusUsage, type TransitionReply } from '@/lib/api/workflow';
import { appliesTo } from '@/lib/resources/publishing';

/**
 * Taking content down and back (issue 15, P1-1): 下线 a published item, 重新发布 an offline one
 * (holders of 内容审核), 撤回审核 a pending one (its author). One place for what each action is
 * offered to, its confirmation and its call, so the lists and the editors say the same thing.
 *
 * - `publishingActions(item, viewer, run)`: the actions as the lists' row actions (`RowAction`):
 *   hidden when they do not apply, disabled with the reason when the viewer may not take them.
 * - `usePublishingActions({ onDone })`: `actionsFor(item, viewer)` with the calls wired in,
 *   `confirm(key, item)` to ask and run one from a button, `run(key, item)` to run without asking.
 * - `<PublishingButtons item viewer onDone />`: the applicable actions as buttons (an editor's footer).
 */

export type PublishingActionKey = 'offline' | 'republish' | 'withdraw';

export interface PublishingItem {
  contentType: ContentType;
  id: number;
  title: string;
  status: number;
  /** The version the viewer saw: a transition from an older one is refused (409) and changes nothing. */
  version: number;
  /** The viewer wrote it (only the author is offered 撤回审核). */
  isAuthor: boolean;
  /** The viewer holds the edit route of the item's kind. */
  mayEdit: boolean;
  /** What to call it: 文章, 图集, 视频文章, 短视频 (default 文章 / 短视频 by type). */
  label?: string;
}

export interface PublishingViewer {
  /** Holds 内容审核 (`/article/check`) or is the super-administrator. */
  isReviewer: boolean;
}

export interface PublishingAction extends RowAction {
  key: PublishingActionKey;
}

const labelOf = (item: PublishingItem) => item.label ?? (item.contentType === 'video' ? '短视频' : '文章');

/** The words of each action: its label, its confirmation and what is said once it is done. */
export const PUBLISHING_TEXTS: Record<
  PublishingActionKey,
  { label: string; okText: string; title: (item: PublishingItem) => string; content: (item: PublishingItem) => string; done: (item: PublishingItem) => string }
> = {
  offline: {
    label: '下线',
    okText: '下线',
    title: (item) => `下线${labelOf(item)}「${item.title}」？`,
    content: (item) => `下线后读者立即看不到这篇${labelOf(item)}，已设置的定时下线一并取消。之后可以重新发布，作者也可以修改后重新提交审核。`,
    done: (item) => `已下线「${item.title}」`,
  },
  republish: {
    label: '重新发布',
    okText: '重新发布',
    title: (item) => `重新发布${labelOf(item)}「${item.title}」？`,
    content: (item) => `读者将立即重新看到这篇${labelOf(item)}（发布前会再做一次内容检测）。`,
    done: (item) => `已重新发布「${item.title}」`,
  },
  withdraw: {
    label: '撤回审核',
    okText: '撤回',
    title: (item) => `撤回「${item.title}」的审核？`,
    content: (item) => `${labelOf(item)}回到草稿，审核人员不会再看到它；修改后可以重新提交审核。`,
    done: (item) => `已撤回「${item.title}」，已回到草稿`,
  },
};

/** Why a viewer without 内容审核 cannot take an action. */
export const PUBLISHING_REFUSALS = {
  offline: '需要「内容审核」权限才能下线，请联系审核人员',
  republish: '需要「内容审核」权限才能重新发布；也可以修改后重新提交审核',
} as const;

/**
 * The focus slots showing the item, said in the 下线 confirmation: asked when the confirmation
 * opens (one call for this item, never one per list row).
 */
export function FocusUsageWarning({ contentType, id, label = '内容' }: { contentType: ContentType; id: number; label?: string }) {
  const [usage, setUsage] = useState<FocusUsage | null | false>(null);
  useEffect(() => {
    let live = true;
    void workflowApi.focusUsage(contentType, id).then((reply) => {
      if (!live) return;
      setUsage(!isFailure(reply) && reply.body.status === 0 && reply.body.data ? reply.body.data : false);
    });
    return () => {
      live = false;
    };
  }, [contentType, id]);
  if (usage === null) {
    return (
      <Space size={8} data-testid="focus-usage" aria-busy="true">
        <Spin size="small" />
        <Typography.Text type="secondary">正在检查焦点图…</Typography.Text>
      </Space>
    );
  }
  if (usage === false) return <Alert type="warning" showIcon data-testid="focus-usage" title="无法检查它是否在焦点图中，下线后请到运营管理中核对焦点图。" />;
  if (!usage.total) return null;
  const where = usage.families
    .filter((f) => f.count > 0)
    .map((f) => `${f.label} ${f.count} 个`)
    .join('、');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="focus-usage"
      title={`这篇${label}正用在 ${usage.total} 个焦点图位中：${where}`}
      description="下线后这些焦点图会指向读者打不开的内容，请通知运营人员替换或停用。"
    />
  );
}

function confirmContent(key: PublishingActionKey, item: PublishingItem): ReactNode {
  const text = PUBLISHING_TEXTS[key].content(item);
  if (key !== 'offline') return text;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <span>{text}</span>
      <FocusUsageWarning contentType={item.contentType} id={item.id} label={labelOf(item)} />
    </Space>
  );
}

/**
 * The publishing actions of one item for one viewer, in menu order. `run` does the transition
 * (the row's confirmation has been answered by then).
 */
export function publishingActions(
  item: PublishingItem,
  viewer: PublishingViewer,
  run: (key: PublishingActionKey, item: PublishingItem) => unknown,
): PublishingAction[] {
  const make = (key: PublishingActionKey, hidden: boolean, disabled: string | false, danger = false): PublishingAction => ({
    key,
    label: PUBLISHING_TEXTS[key].label,
    hidden,
    disabled,
    danger,
    confirm: { title: PUBLISHING_TEXTS[key].title(item), content: confirmContent(key, item), okText: PUBLISHING_TEXTS[key].okText },
    onClick: () => run(key, item),
  });
  return [
    make('withdraw', !appliesTo('withdraw', item.status) || !item.isAuthor, item.mayEdit || viewer.isReviewer ? false : `没有编辑${labelOf(item)}的权限`),
    make('offline', !appliesTo('offline', item.status), viewer.isReviewer ? false : PUBLISHING_REFUSALS.offline, true),
    make('republish', !appliesTo('republish', item.status), viewer.isReviewer ? false : PUBLISHING_REFUSALS.republish),
  ];
}

/**
 * The calls behind the actions: each sends the item's version, says what happened (a refusal is
 * already toasted by the API client: stale version, content check, status moved on) and then calls
 * `onDone` with the new state, or null when it was refused, so the screen reloads either way.
 */
export function usePublishingActions({ onDone }: { onDone?: (key: PublishingActionKey, item: PublishingItem, result: TransitionReply | null) => void } = {}) {
  const { message, modal } = useApp();
  const run = async (key: PublishingActionKey, item: PublishingItem): Promise<TransitionReply | null> => {
    const reply = await workflowApi.transition(item.contentType, key, item.id, { version: item.version });
    const result = isOk(reply) ? reply.data : null;
    if (result) void message.success(PUBLISHING_TEXTS[key].done(item));
    onDone?.(key, item, result);
    return result;
  };
  const confirm = (key: PublishingActionKey, item: PublishingItem) =>
    modal.confirm({
      title: PUBLISHING_TEXTS[key].title(item),
      content: confirmContent(key, item),
      okText: PUBLISHING_TEXTS[key].okText,
      okButtonProps: { danger: key === 'offline' },
      cancelText: '取消',
      onOk: () => run(key, item),
    });
  return { run, confirm, actionsFor: (item: PublishingItem, viewer: PublishingViewer) => publishingActions(item, viewer, run) };
}

/** The actions that apply, as buttons (disabled ones keep their reason in a tooltip and stay focusable). */
export function PublishingButtons({
  item,
  viewer,
  onDone,
  size,
}: {
  item: PublishingItem;
  viewer: PublishingViewer;
  onDone?: (key: PublishingActionKey, item: PublishingItem, result: TransitionReply | null) => void;
  size?: 'small' | 'middle' | 'large';
}) {
  const { actionsFor, confirm } = usePublishingActions({ onDone });
  const { message } = useApp();
  const shown = actionsFor(item, viewer).filter((a) => !a.hidden);
  if (!shown.length) return null;
  return (
    <>
      {shown.map((a) => {
        const button = (
          <Button
            key={a.key}
            size={size}
            danger={a.danger}
            aria-disabled={a.disabled ? true : undefined}
            className={a.disabled ? 'is-disabled' : undefined}
            onClick={() => (a.disabled ? void message.info(a.disabled) : confirm(a.key, item))}
          >
            {a.label}
          </Button>
        );
        return a.disabled ? (
          <Tooltip key={a.key} title={a.disabled} trigger={['hover', 'focus']}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </>
  );
}
