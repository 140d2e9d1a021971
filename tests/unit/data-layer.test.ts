import { QueryObserver } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listParams } from '@/components/crud/list-query';
import { createHttp, type ApiReply } from '@/lib/http';
import { AxiosError } from 'axios';
import { invalidate, makeQueryClient, queryKeys, ReplyError, resourcePath, shouldRetry, unwrap } from '@/lib/query';
import { optimisticWrite, orderRows, patchRow } from '@/lib/query/optimistic';
import type { ListResult } from '@/lib/resources/define';

type Link = { id: number; name: string; enabled: boolean };
const PATH = '/api/friend_links';
const page = (list: Link[]): ListResult<Link> => ({ list, total: list.length, page: 1, pageSize: 20 });
const rows = (): Link[] => [
  { id: 1, name: '卡车之家', enabled: true },
  { id: 2, name: '商用车网', enabled: false },
  { id: 3, name: '物流资讯', enabled: true },
];
const listOf = (client: ReturnType<typeof makeQueryClient>, params: Record<string, unknown>) =>
  client.getQueryData<ListResult<Link>>(queryKeys.list(PATH, params))?.list;

describe('unwrap and the retry rule', () => {
  it('gives the data of a success and throws the server’s reason for a refusal', () => {
    expect(unwrap({ status: 0, data: [1] })).toEqual([1]);
    const refused = { status: 403, message: '没有修改友情链接的权限' } satisfies ApiReply;
    expect(() => unwrap(refused)).toThrow('没有修改友情链接的权限');
  });

  it('says in Chinese that no answer arrived, and retries only that, once', () => {
    const failure = new AxiosError('Network Error');
    let thrown: unknown;
    try {
      unwrap(failure);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReplyError);
    expect((thrown as ReplyError).message).toBe('网络连接失败，请检查网络后重试');
    expect(shouldRetry(0, thrown)).toBe(true);
    expect(shouldRetry(1, thrown)).toBe(false);
    // A refusal would only be refused again.
    expect(shouldRetry(0, new ReplyError({ status: 409, message: '名称已存在' }))).toBe(false);
  });

  it('names a resource by its path, another host’s with the host', () => {
    expect(resourcePath({ name: 'friend_links' })).toBe(PATH);
    expect(resourcePath({ name: 'topics', host: 'topic' })).toBe('topic:/api/topics');
  });
});

describe('listParams: the key the server renders under is the key the screen reads', () => {
  it('takes the URL with the filters’ defaults and the fixed parameters, and only those the API reads', () => {
    const filters = [{ name: 'enabled', label: '状态', input: 'select' as const, default: '1' }];
    expect(listParams({ filters, asked: { keyword: '卡车' }, fixed: { pageSize: 100 } })).toEqual({ keyword: '卡车', enabled: '1', pageSize: 100 });
    expect(listParams({ filters: [], asked: { tab: 'pc', keyword: 'x' }, fixed: { platform: 'pc' }, only: ['keyword'] })).toEqual({
      keyword: 'x',
      platform: 'pc',
    });
  });
});

describe('optimistic row writes', () => {
  it('shows the switch at once on every cached page of the resource, and keeps it when the server agrees', async () => {
    const client = makeQueryClient();
    client.setQueryData(queryKeys.list(PATH, {}), page(rows()));
    client.setQueryData(queryKeys.list(PATH, { keyword: '商用' }), page([rows()[1]]));
    let seenDuring: boolean | undefined;
    const rolledBack = vi.fn();
    const isDone = await optimisticWrite({
      client,
      path: PATH,
      change: patchRow(2, { enabled: true }),
      send: async () => {
        seenDuring = listOf(client, { keyword: '商用' })?.[0].enabled;
      },
      onRolledBack: rolledBack,
    });
    expect(isDone).toBe(true);
    expect(seenDuring).toBe(true);
    expect(listOf(client, {})?.find((r) => r.id === 2)?.enabled).toBe(true);
    expect(rolledBack).not.toHaveBeenCalled();
  });

  it('puts every page back and says why when the server refuses', async () => {
    const client = makeQueryClient();
    client.setQueryData(queryKeys.list(PATH, {}), page(rows()));
    client.setQueryData(queryKeys.list(PATH, { page: 2 }), page(rows().slice(2)));
    const rolledBack = vi.fn();
    const isDone = await optimisticWrite({
      client,
      path: PATH,
      change: patchRow(3, { enabled: false }),
      send: async () => unwrap({ status: 403, message: '没有修改友情链接的权限' }),
      onRolledBack: rolledBack,
    });
    expect(isDone).toBe(false);
    expect(listOf(client, {})).toEqual(rows());
    expect(listOf(client, { page: 2 })).toEqual(rows().slice(2));
    expect(rolledBack).toHaveBeenCalledWith('没有修改友情链接的权限');
  });

  it('reorders the page that holds the rows, puts it back on failure, and leaves other pages alone', async () => {
    const client = makeQueryClient();
    client.setQueryData(queryKeys.list(PATH, {}), page(rows()));
    client.setQueryData(queryKeys.list(PATH, { keyword: '卡车' }), page([rows()[0]]));
    expect(orderRows([3, 1, 2])(rows()).map((r) => r.id)).toEqual([3, 1, 2]);
    const rolledBack = vi.fn();
    await optimisticWrite({
      client,
      path: PATH,
      change: orderRows([3, 1, 2]),
      send: async () => unwrap(new AxiosError('Network Error')),
      onRolledBack: rolledBack,
    });
    expect(listOf(client, {})?.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(listOf(client, { keyword: '卡车' })?.map((r) => r.id)).toEqual([1]);
    expect(rolledBack).toHaveBeenCalledWith('网络连接失败，请检查网络后重试');
  });
});

describe('invalidation by key: after a write every screen showing the resource reads it again', () => {
  const BASE = 'http://api.test';
  const server = setupServer();
  let stored = rows();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('a list, a filtered list and a record of the resource all show the write; another resource is not asked again', async () => {
    server.use(
      mock.get(`${BASE}${PATH}`, ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
        return HttpResponse.json({ status: 0, data: page(stored.filter((r) => r.name.includes(keyword))) });
      }),
      mock.get(`${BASE}${PATH}/2`, () => HttpResponse.json({ status: 0, data: stored[1] })),
      mock.put(`${BASE}${PATH}/2`, async ({ request }) => {
        const patch = (await request.json()) as object;
        stored = stored.map((r) => (r.id === 2 ? { ...r, ...patch } : r));
        return HttpResponse.json({ status: 0, data: stored[1] });
      }),
    );
    const http = createHttp({ baseURL: BASE, notify: () => undefined });
    const client = makeQueryClient();
    const other = vi.fn(async () => 'tags');
    const watch = (queryKey: readonly unknown[], queryFn: () => Promise<unknown>) => {
      const observer = new QueryObserver(client, { queryKey, queryFn });
      const stop = observer.subscribe(() => undefined);
      return { observer, stop };
    };
    const screens = [
      watch(queryKeys.list(PATH, {}), async () => unwrap(await http.get(PATH))),
      watch(queryKeys.list(PATH, { keyword: '商用' }), async () => unwrap(await http.get(PATH, { keyword: '商用' }))),
      watch(queryKeys.record(PATH, 2), async () => unwrap(await http.get(`${PATH}/2`))),
      watch(['/api/tags', 'list', {}], other),
    ];
    await vi.waitFor(() => expect(screens.every((s) => s.observer.getCurrentResult().isSuccess)).toBe(true));

    unwrap(await http.put(`${PATH}/2`, { name: '商用车网（新）' }));
    await invalidate(client, [queryKeys.all(PATH)]);

    expect((screens[0].observer.getCurrentResult().data as ListResult<Link>).list[1].name).toBe('商用车网（新）');
    expect((screens[1].observer.getCurrentResult().data as ListResult<Link>).list[0].name).toBe('商用车网（新）');
    expect((screens[2].observer.getCurrentResult().data as Link).name).toBe('商用车网（新）');
    expect(other).toHaveBeenCalledTimes(1);
    for (const s of screens) s.stop();
  });

  it('a quiet write shows no toast of its own (its caller says why in one message)', async () => {
    server.use(mock.put(`${BASE}${PATH}/9`, () => HttpResponse.json({ status: 404, message: '友情链接不存在或已被删除' }, { status: 404 })));
    const notify = vi.fn();
    const http = createHttp({ baseURL: BASE, notify });
    const reply = await http.put(`${PATH}/9`, { enabled: true }, { quiet: true });
    expect(() => unwrap(reply)).toThrow('友情链接不存在或已被删除');
    expect(notify).not.toHaveBeenCalled();
    await http.put(`${PATH}/9`, { enabled: true });
    expect(notify).toHaveBeenCalledWith('友情链接不存在或已被删除');
  });
});
