import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http';
import { articleList } from '@/components/articles/list/api';

/** The list screen's calls: paging on by cursor reuses the total counted for the same filters (issue 17). */
describe('articleList.list and the known total', () => {
  afterEach(() => vi.restoreAllMocks());

  const page = (total: number | null) => ({
    status: 0,
    message: 'ok',
    data: { list: [], page: 1, pageSize: 20, total, totalCapped: total === null ? null : true, nextCursor: 'n', prevCursor: null },
  });

  it('asks for no count on a cursor page of the same filters and fills in the total it had', async () => {
    const get = vi
      .spyOn(http.main, 'get')
      .mockImplementation(async (_url, params) => page((params as Record<string, unknown>)?.withTotal === false ? null : 1000) as never);
    await articleList.list({ status: 3 });
    const next = await articleList.list({ status: 3, page: 2, cursor: 'abc' });
    expect(get.mock.calls[1][1]).toMatchObject({ withTotal: false });
    expect(next).toMatchObject({ data: { total: 1000, totalCapped: true } });
  });

  it('counts again for other filters, for the same page asked again, and after a change made from the list', async () => {
    const get = vi.spyOn(http.main, 'get').mockImplementation(async () => page(1000) as never);
    vi.spyOn(http.main, 'del').mockResolvedValue({ status: 0, message: 'ok', data: { id: 1 } } as never);
    await articleList.list({ status: 3 });
    await articleList.list({ status: 4, page: 2, cursor: 'abc' });
    expect(get.mock.calls[1][1]).not.toHaveProperty('withTotal');
    await articleList.list({ status: 4, page: 3, cursor: 'def' });
    expect(get.mock.calls[2][1]).toMatchObject({ withTotal: false });
    await articleList.list({ status: 4, page: 3, cursor: 'def' });
    expect(get.mock.calls[3][1]).not.toHaveProperty('withTotal');
    await articleList.remove(1);
    await articleList.list({ status: 4, page: 4, cursor: 'ghi' });
    expect(get.mock.calls[4][1]).not.toHaveProperty('withTotal');
  });
});
