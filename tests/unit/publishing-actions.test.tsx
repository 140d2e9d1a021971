import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { RowActions } from '@/components/crud';
import { publishingActions, usePublishingActions, type PublishingItem } from '@/components/editorial/publishing-actions';
import { LiveNotice } from '@/components/editorial/live-notice';

// The machine running the suite is shared: give the debounced searches and requests time.
configure({ asyncUtilTimeout: 5000 });

// Issue 15 (P1-1): 下线 / 重新发布 / 撤回审核 from the lists, one shared piece the editors reuse.

const calls: Array<{ method: string; path: string; body: unknown }> = [];
const server = setupServer(
  mock.get('*/api/articles_review/focus_usage/:type/:id', ({ params }) => {
    calls.push({ method: 'GET', path: `focus_usage/${params.type}/${params.id}`, body: null });
    return HttpResponse.json({
      status: 0,
      data: {
        total: 2,
        families: [
          { key: 'focus_home', label: '首页焦点图', route: '/operation/focus', count: 1 },
          { key: 'focus_channel', label: '频道焦点图', route: '/operation/pcfocus', count: 0 },
          { key: 'focus_home_right', label: '首页右侧焦点图', route: '/operation/pcfocus', count: 0 },
          { key: 'focus_video', label: '视频焦点图', route: '/operation/videofocus', count: 1 },
        ],
      },
    });
  }),
  mock.put('*/api/:collection/:action/:id', async ({ params, request }) => {
    const body = await request.json();
    calls.push({ method: 'PUT', path: `${params.collection}/${params.action}/${params.id}`, body });
    const status = params.action === 'offline' ? 4 : params.action === 'withdraw' ? 0 : 3;
    return HttpResponse.json({
      status: 0,
      data: { id: Number(params.id), action: params.action, fromStatus: 3, status, version: 4, publishAt: null, offlineAt: null, reviewComment: '' },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  calls.length = 0;
});
afterAll(() => server.close());

const item = (extra: Partial<PublishingItem> = {}): PublishingItem => ({
  contentType: 'article',
  id: 7,
  title: '解放J7 上市',
  status: 3,
  version: 3,
  isAuthor: false,
  mayEdit: true,
  ...extra,
});
const shown = (i: PublishingItem, isReviewer: boolean) =>
  publishingActions(i, { isReviewer }, () => undefined)
    .filter((a) => !a.hidden)
    .map((a) => [a.key, a.disabled || 'ok']);

describe('publishingActions', () => {
  it('offers 下线 on published items, 重新发布 on offline ones, 撤回审核 to the author of a pending one', () => {
    expect(shown(item({ status: 3 }), true)).toEqual([['offline', 'ok']]);
    expect(shown(item({ status: 4 }), true)).toEqual([['republish', 'ok']]);
    expect(shown(item({ status: 1, isAuthor: true }), false)).toEqual([['withdraw', 'ok']]);
    // Nothing for drafts, rejected or scheduled items (the list has its own schedule actions).
    for (const status of [0, 2, 5]) expect(shown(item({ status, isAuthor: true }), true)).toEqual([]);
  });

  it('says why a viewer may not act, and hides what is not theirs', () => {
    expect(shown(item({ status: 3 }), false)).toEqual([['offline', '需要「内容审核」权限才能下线，请联系审核人员']]);
    expect(shown(item({ status: 4 }), false)).toEqual([['republish', '需要「内容审核」权限才能重新发布；也可以修改后重新提交审核']]);
    // Someone else's pending item: no 撤回审核 (reviewers decide in 内容审核).
    expect(shown(item({ status: 1, isAuthor: false }), true)).toEqual([]);
    // The author who no longer holds the editor of that kind.
    expect(shown(item({ status: 1, isAuthor: true, mayEdit: false, label: '图集' }), false)).toEqual([['withdraw', '没有编辑图集的权限']]);
  });
});

function Row({ row, isReviewer, onDone }: { row: PublishingItem; isReviewer: boolean; onDone: () => void }) {
  const { actionsFor } = usePublishingActions({ onDone });
  return <RowActions actions={actionsFor(row, { isReviewer })} rowName={row.title} />;
}

describe('usePublishingActions', () => {
  it('下线 asks first, warns about the focus slots showing the item, then sends the version it saw', async () => {
    const onDone = vi.fn();
    render(
      <AppFeedbackRoot>
        <Row row={item()} isReviewer onDone={onDone} />
      </AppFeedbackRoot>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '下线「解放J7 上市」' }));
    });
    await waitFor(() => expect(screen.getAllByText('下线文章「解放J7 上市」？').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('focus-usage').textContent).toContain('这篇文章正用在 2 个焦点图位中：首页焦点图 1 个、视频焦点图 1 个'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^下\s*线$/ }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toContainEqual({ method: 'PUT', path: 'articles/offline/7', body: { version: 3 } });
    expect(onDone.mock.calls[0][2]).toMatchObject({ status: 4 });
    await waitFor(() => expect(screen.getByText('已下线「解放J7 上市」')).toBeTruthy());
  });

  it('撤回审核 of a short video goes to the videos collection', async () => {
    const onDone = vi.fn();
    render(
      <AppFeedbackRoot>
        <Row row={item({ contentType: 'video', id: 9, status: 1, isAuthor: true, version: 2 })} isReviewer={false} onDone={onDone} />
      </AppFeedbackRoot>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '撤回审核「解放J7 上市」' }));
    });
    await waitFor(() => expect(screen.getAllByText('短视频回到草稿，审核人员不会再看到它；修改后可以重新提交审核。').length).toBeGreaterThan(0));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^撤\s*回$/ }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ method: 'PUT', path: 'videos/withdraw/9', body: { version: 2 } }]);
  });
});

describe('LiveNotice', () => {
  it('names the action that now exists: a reviewer takes it offline from the list', () => {
    render(<LiveNotice status={3} isReviewer={false} label="文章" />);
    expect(screen.getByTestId('live-notice').textContent).toContain('请其在「文章列表」的操作中将它「下线」');
    cleanup();
    render(<LiveNotice status={3} isReviewer={false} label="短视频" />);
    expect(screen.getByTestId('live-notice').textContent).toContain('「视频列表」');
  });
});
