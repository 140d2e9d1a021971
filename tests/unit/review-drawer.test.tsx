import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { ReviewDrawer } from '@/components/articles/review/review-drawer';
import { blockHtml } from '@/components/articles/body/blocks';

// The machine running the suite is shared: give the debounced searches and requests time.
configure({ asyncUtilTimeout: 5000 });

// Issue 15 (P2-2): the review drawer reads like the preview (the blocks drawn, not the editor's
// placeholder lines), keeps pictures and players within the drawer, and names what the item is
// filed under.

const body =
  '<p>第一段正文。</p><p><img src="/uploads/pic/wide.jpg" width="1200"></p>' +
  blockHtml({ kind: 'video', id: 31, title: '远程星瀚H 实拍', poster: '/uploads/pic/poster.jpg' }) +
  blockHtml({ kind: 'inquiry', seriesId: 2, productId: 5, title: '远程星瀚H 燃气版', price: 48.8 });

const article = {
  id: 7,
  kind: 'article',
  title: '远程星瀚H 燃气版上市',
  summary: '售价 48.8 万起',
  content: body,
  images: [],
  cover: '',
  status: 1,
  version: 2,
  categoryName: '新车上市',
  editorName: '李娜',
  tagIds: [3, 4],
  topicIds: [1],
  platformIds: [],
  albumId: 2,
  submittedAt: '2026-11-26T02:00:00.000Z',
  checkResult: null,
};

const server = setupServer(
  mock.get('*/api/articles/events/7', () => HttpResponse.json({ status: 0, data: { list: [] } })),
  mock.get('*/api/articles/7', () => HttpResponse.json({ status: 0, data: article })),
  mock.get('*/api/articles_review/relations/article/7', () =>
    HttpResponse.json({
      status: 0,
      data: {
        tags: [
          { id: 3, name: '天然气重卡' },
          { id: 4, name: null },
        ],
        topics: [{ id: 1, name: '新能源重卡专题' }],
        platforms: [],
        album: { id: 2, name: '年度评选' },
      },
    }),
  ),
  mock.get('*/api/video_stores/by_ids', () =>
    HttpResponse.json({ status: 0, data: { list: [{ id: 31, title: '远程星瀚H 实拍', cover: '/uploads/pic/poster.jpg', playUrl: '/uploads/video/31.mp4' }] } }),
  ),
  mock.get('*/product-api/product/getList', () =>
    HttpResponse.json({
      status: 0,
      data: {
        list: [{ id: 5, name: '远程星瀚H 燃气版', brandName: '远程', seriesName: '星瀚H', engine: 'WP13NG', horsepower: 560, drive: '6×4', guidePrice: 48.8 }],
        total: 1,
        page: 1,
        pageSize: 10,
      },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

describe('ReviewDrawer', () => {
  it('draws the body with the preview renderer, within the drawer, and lists tags, topics, album and platforms by name', async () => {
    render(
      <AppFeedbackRoot>
        <ReviewDrawer target={{ type: 'article', id: 7 }} onClose={() => undefined} onDecided={() => undefined} />
      </AppFeedbackRoot>,
    );
    const reading = await screen.findByTestId('review-reading');
    // The blocks as readers see them: the player and the price card, not 「视频：…」 / 「询价：…」.
    await waitFor(() => expect(within(reading).getByTestId('preview-video').querySelector('video')?.getAttribute('src')).toBe('/uploads/video/31.mp4'));
    await waitFor(() => expect(within(reading).getByTestId('preview-inquiry').textContent).toContain('询底价'));
    expect(reading.textContent).not.toContain('视频：远程星瀚H 实拍');
    expect(reading.textContent).not.toContain('询价：');
    expect(reading.textContent).toContain('第一段正文。');
    // Pictures and players keep within the drawer.
    const css = reading.querySelector('style')?.textContent ?? '';
    expect(css).toMatch(/\.review-reading img, \.review-reading video[^{]*\{ max-width: 100%; \}/);

    const table = screen.getByText('标签').closest('table')!;
    await waitFor(() => expect(within(table).getByText('天然气重卡')).toBeTruthy());
    expect(within(table).getByText('#4（已删除）')).toBeTruthy();
    expect(within(table).getByText('新能源重卡专题')).toBeTruthy();
    expect(within(table).getByText('年度评选')).toBeTruthy();
    // No platform chosen means every platform (the editor's 「不选则为全部平台」).
    expect(within(table).getByText('全部平台')).toBeTruthy();
  });
});
