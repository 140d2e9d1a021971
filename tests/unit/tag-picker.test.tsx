import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inDataLayer } from './in-data-layer';
import { TagPicker } from '@/components/taxonomy/tag-picker';

// The picker asks the server as one types (no list loaded up front) and names the tags a record
// already holds. msw answers the main host (same origin in happy-dom).
const searches: string[] = [];
const server = setupServer(
  mock.get('*/api/tags_types', () => HttpResponse.json({ status: 0, data: { list: [{ id: 1, name: '品牌', sort: 0 }], total: 1, page: 1, pageSize: 100 } })),
  mock.get('*/api/tags/search', ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
    searches.push(keyword);
    return HttpResponse.json({ status: 0, data: [{ id: 8, name: `${keyword}重卡`, typeId: 1 }] });
  }),
  // The chosen tags are named in one call (`?ids=`), not one request per tag.
  mock.get('*/api/tags', ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
    return HttpResponse.json({ status: 0, data: { list: ids.map((id) => ({ id, name: '解放', typeId: 1 })), total: ids.length, page: 1, pageSize: 100 } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

describe('TagPicker', () => {
  it('names the tags already chosen, and searches once typing pauses', async () => {
    render(<TagPicker value={[5]} aria-label="标签" />, { wrapper: inDataLayer() });
    await waitFor(() => expect(screen.getByText('解放')).toBeTruthy());

    const input = screen.getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: '东' } });
      fireEvent.change(input, { target: { value: '东风' } });
    });
    await waitFor(() => expect(searches).toContain('东风'), { timeout: 2000 });
    // The two keystrokes within the pause made one request for the whole word.
    expect(searches).not.toContain('东');
    await waitFor(() => expect(screen.getAllByText('东风重卡').length).toBeGreaterThan(0));
    expect(screen.getAllByText('品牌').length).toBeGreaterThan(0);
  });
});
