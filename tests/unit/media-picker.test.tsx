import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaPickerModal, type PickedMedia } from '@/components/media/picker-modal';
import { inDataLayer } from './in-data-layer';

// The media pickers open on their first useful control (review P3-12: the focus landed on ×):
// the search box, the upload tab's choose button, or on a touch screen the first grid item.
const pics = [1, 2].map((id) => ({
  id,
  title: `E2E卡车-${id}`,
  url: `/uploads/p${id}.png`,
  thumbUrl: `/uploads/p${id}.webp`,
  mime: 'image/png',
  size: 1000,
  width: 900,
  height: 700,
  tagIds: [],
  uploaderId: 1,
  checkStatus: 0,
  usageCount: 0,
  createdAt: '2026-11-01T00:00:00Z',
}));
const server = setupServer(
  mock.get('*/api/pic_store_tags', () => HttpResponse.json({ status: 0, data: { list: [], total: 0, page: 1, pageSize: 100 } })),
  mock.get('*/api/pic_stores/uploaders', () => HttpResponse.json({ status: 0, data: [] })),
  mock.get('*/api/pic_stores', () => HttpResponse.json({ status: 0, data: { list: pics, total: 2, page: 1, pageSize: 24 } })),
  mock.get('*/api/upload_limits', () => HttpResponse.json({ status: 0, data: null })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

function Page({ startWithUpload = false, onPick = () => undefined }: { startWithUpload?: boolean; onPick?: (items: PickedMedia[]) => void }) {
  return (
    <AppFeedbackRoot>
      <button type="button">打开</button>
      <MediaPickerModal kind="pic" multiple open title="添加图集图片" startWithUpload={startWithUpload} onPick={onPick} onClose={() => undefined} />
    </AppFeedbackRoot>
  );
}

const touchScreen = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('coarse'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

describe('MediaPickerModal first focus', () => {
  it('opens on the search box, not on ×', async () => {
    await act(async () => {
      render(<Page />, { wrapper: inDataLayer() });
    });
    const search = await screen.findByRole('searchbox', { name: '关键词' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(document.activeElement?.getAttribute('aria-label')).not.toBe('Close');
  });

  it('opened on the upload tab, the choose-files button has the focus', async () => {
    await act(async () => {
      render(<Page startWithUpload />, { wrapper: inDataLayer() });
    });
    const choose = await screen.findByRole('button', { name: '选择图片' });
    await waitFor(() => expect(document.activeElement).toBe(choose));
  });

  it('on a touch screen the first grid item takes it once the page has arrived (no keyboard over the grid)', async () => {
    touchScreen();
    await act(async () => {
      render(<Page />, { wrapper: inDataLayer() });
    });
    const first = await screen.findByRole('checkbox', { name: '选择「E2E卡车-1」' });
    await waitFor(() => expect(document.activeElement).toBe(first));
  });
});

describe('MediaPickerModal titles', () => {
  it('tells the consumer which picked titles are placeholders (file names, 未命名), so none is copied into a form', async () => {
    const titled = ['factory-tour', '未命名图片', '重卡工厂探访'].map((title, i) => ({ ...pics[0], id: 10 + i, title }));
    server.use(mock.get('*/api/pic_stores', () => HttpResponse.json({ status: 0, data: { list: titled, total: 3, page: 1, pageSize: 24 } })));
    const onPick = vi.fn();
    await act(async () => {
      render(<Page onPick={onPick} />, { wrapper: inDataLayer() });
    });
    for (const title of ['factory-tour', '未命名图片', '重卡工厂探访']) {
      const box = await screen.findByRole('checkbox', { name: `选择「${title}」` });
      await act(async () => fireEvent.click(box));
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    const picked = onPick.mock.calls[0][0] as PickedMedia[];
    expect(picked.map((p) => [p.title, p.titleIsPlaceholder])).toEqual([
      ['factory-tour', true],
      ['未命名图片', true],
      ['重卡工厂探访', false],
    ]);
  });
});
