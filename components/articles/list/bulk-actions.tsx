'use client';

import type { ReactNode } from 'react';
import { Button } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { isOk } from '@/lib/api/resource';
import { articleList } from '@/components/articles/list/api';
import { workflowApi } from '@/lib/api/workflow';
import { ARTICLE_KINDS } from '@/lib/resources/articles';
import type { ArticleListItem } from '@/lib/api/types';
import { available, isDraft as isDraftStatus } from '@/lib/resources/publishing';
import type { Viewer } from '@/lib/permissions';

/** What a bulk action gets: the chosen rows and the screen's tools. */
export interface BulkContext {
  rows: ArticleListItem[];
  viewer: Viewer | null;
  message: MessageInstance;
  modal: HookAPI;
  /** Asks for a category (the 移动到分类 dialog); undefined when cancelled. */
  pickCategory: (count: number) => Promise<number | undefined>;
  /** Clears the selection and reloads the list. */
  done: () => void;
}

/**
 * One button of the bulk-action bar. `applies` picks the rows it acts on (the rest are left out,
 * and the button says how many it will take); `refusal` explains why it is unavailable.
 */
export interface BulkAction {
  key: string;
  label: string;
  danger?: boolean;
  applies?: (row: ArticleListItem, viewer: Viewer | null) => boolean;
  run: (ctx: BulkContext) => Promise<unknown> | unknown;
}

/** The viewer may edit this kind (写文章, 发图集, 发视频文章): moving and deleting are edits. */
export const mayEditKind = (row: ArticleListItem, viewer: Viewer | null) =>
  Boolean(viewer && (viewer.isSuper || viewer.routes.has(ARTICLE_KINDS.find((k) => k.value === row.kind)?.route ?? '')));

const isDraft = (row: ArticleListItem) => isDraftStatus(row.status);

/**
 * The bulk actions of the article list, in bar order. Later work adds its own entry here (e.g.
 * 提交审核) rather than editing the bar.
 */
export const BULK_ACTIONS: BulkAction[] = [
  {
    // Drafts, rejected and offline articles go to the review queue (server/workflow/engine.ts).
    key: 'submit',
    label: '提交审核',
    applies: (row, viewer) =>
      available('submit', row.status, {
        mayEdit: mayEditKind(row, viewer),
        isReviewer: Boolean(viewer?.routes.has('/article/check')),
        isAuthor: row.editorId === viewer?.id,
      }),
    async run({ rows, message, modal, done }) {
      const reply = await workflowApi.batchSubmit(rows.map((r) => r.id));
      if (!isOk(reply)) return;
      const { done: sent, failed } = reply.data;
      if (failed.length) {
        const titles = new Map(rows.map((r) => [r.id, r.title]));
        modal.warning({
          title: `已提交 ${sent.length} 篇，${failed.length} 篇未能提交`,
          content: (
            <ul style={{ paddingInlineStart: 18, margin: 0 }}>
              {failed.map((f) => (
                <li key={f.id}>
                  「{titles.get(f.id) ?? f.id}」：{f.message}
                </li>
              ))}
            </ul>
          ),
          okText: '知道了',
        });
      } else void message.success(`已提交 ${sent.length} 篇，等待审核`);
      done();
    },
  },
  {
    key: 'move',
    label: '移动到分类',
    applies: mayEditKind,
    async run({ rows, pickCategory, message, done }) {
      const categoryId = await pickCategory(rows.length);
      if (categoryId === undefined) return;
      const reply = await articleList.move(
        rows.map((r) => r.id),
        categoryId,
      );
      if (!isOk(reply)) return;
      const { ids, unchanged, categoryName } = reply.data;
      void message.success(`已将 ${ids.length} 篇移动到「${categoryName}」${unchanged ? `（${unchanged} 篇本来就在这个分类）` : ''}`);
      done();
    },
  },
  {
    key: 'deleteDrafts',
    label: '删除草稿',
    danger: true,
    applies: (row, viewer) => isDraft(row) && mayEditKind(row, viewer),
    run({ rows, modal, message, done }) {
      return new Promise<void>((resolve) => {
        modal.confirm({
          title: `删除选中的 ${rows.length} 篇草稿？`,
          content: '删除后不能恢复。已提交、已发布的文章不会被删除。',
          okText: '删除',
          okButtonProps: { danger: true },
          cancelText: '取消',
          onCancel: () => resolve(),
          onOk: async () => {
            const reply = await articleList.removeDrafts(rows.map((r) => r.id));
            if (isOk(reply)) {
              void message.success(`已删除 ${reply.data.ids.length} 篇草稿`);
              done();
            }
            resolve();
          },
        });
      });
    },
  },
];

/** The buttons of the bar for the chosen rows. */
export function BulkButtons({
  actions = BULK_ACTIONS,
  ctx,
  busy,
  onRun,
}: {
  actions?: BulkAction[];
  ctx: Omit<BulkContext, 'rows'> & { rows: ArticleListItem[] };
  busy: string | null;
  onRun: (key: string, run: () => Promise<unknown>) => void;
}): ReactNode {
  return actions.map((action) => {
    const rows = action.applies ? ctx.rows.filter((r) => action.applies!(r, ctx.viewer)) : ctx.rows;
    const partial = rows.length !== ctx.rows.length;
    return (
      <Button
        key={action.key}
        size="small"
        danger={action.danger}
        disabled={rows.length === 0}
        loading={busy === action.key}
        title={rows.length === 0 ? `选中的文章都不能${action.label}` : partial ? `只对其中 ${rows.length} 篇有效` : undefined}
        onClick={() => onRun(action.key, async () => action.run({ ...ctx, rows }))}
      >
        {action.label}
        {partial && rows.length > 0 ? `（${rows.length}）` : ''}
      </Button>
    );
  });
}
