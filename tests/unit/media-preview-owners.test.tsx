import { cleanup, render, screen } from '@testing-library/react';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MediaPreview } from '@/components/media/media-preview';
import type { LibraryItem } from '@/lib/api/media';

// The preview names where a picture is used with the names the server sends (`ownerName`, from its
// declarations' labels): nothing typed in the browser, so a new resource with a picture is named too.
const server = setupServer(
  mock.get('*/api/upload_limits', () => HttpResponse.json({ status: 0, data: null })),
  mock.get('*/api/pic_stores/7/usage', () =>
    HttpResponse.json({
      status: 0,
      data: [
        { ownerType: 'video', ownerName: '短视频', ownerId: 3, ownerTitle: '解放J7 上坡实测', createdAt: '2026-11-01T00:00:00Z' },
        { ownerType: 'article_source', ownerName: '新资源', ownerId: 4, ownerTitle: '', createdAt: '2026-11-01T00:00:00Z' },
        { ownerType: 'legacy', ownerId: 5, ownerTitle: '旧行', createdAt: '2026-11-01T00:00:00Z' },
      ],
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }));
afterEach(() => cleanup());
afterAll(() => server.close());

const item = {
  id: 7,
  title: '上坡封面',
  url: '/uploads/pic/cover-a.jpg',
  mime: 'image/jpeg',
  size: 1000,
  tagIds: [],
  uploaderId: 1,
  checkStatus: 0,
  createdAt: '2026-11-01T00:00:00Z',
} as unknown as LibraryItem;

describe('the library preview', () => {
  it("names each use's owner as the server does", async () => {
    render(
      <AppFeedbackRoot>
        <MediaPreview kind="pic" item={item} open tags={[]} onClose={() => undefined} />
      </AppFeedbackRoot>,
    );
    expect(await screen.findByText(/短视频「解放J7 上坡实测」/)).toBeTruthy();
    expect(screen.getByText(/新资源 #4（无权查看标题）/)).toBeTruthy();
    // A row the server could not name shows its stored type rather than nothing.
    expect(screen.getByText(/legacy「旧行」/)).toBeTruthy();
  });
});
