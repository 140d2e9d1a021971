import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp, isFailure, login, setInUseHandler, setSessionEndedHandler } from '@/lib/http';
import type { HttpClient } from '@/lib/http';

// Runs in the unit project's happy-dom environment. There axios picks its XHR
// adapter (happy-dom defines XMLHttpRequest), and msw/node's XMLHttpRequest
// interceptor catches it, so neither `adapter: 'fetch'` nor a node environment
// is needed. `onUnhandledRequest: 'error'` proves nothing reaches the network.
const BASE = 'http://api.test';
const server = setupServer();

let notify: ReturnType<typeof vi.fn<(text: string) => void>>;
let client: HttpClient;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  notify = vi.fn<(text: string) => void>();
  client = createHttp({ baseURL: BASE, notify });
});

describe('request', () => {
  it('returns the body and shows no toast on status 0', async () => {
    server.use(mock.get(`${BASE}/api/ping`, () => HttpResponse.json({ status: 0, data: { pong: true } })));

    const reply = await client.get<{ pong: boolean }>('/api/ping');

    expect(reply).toEqual({ status: 0, data: { pong: true } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts the server’s message (never the URL) on a non-zero status and still returns the body', async () => {
    const body = { status: 1, message: '标题不能为空', errors: { title: '必填' } };
    server.use(mock.post(`${BASE}/api/articles`, () => HttpResponse.json(body)));

    const reply = await client.post('/api/articles', { title: '' });

    expect(reply).toEqual(body);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0][0]).toContain('标题不能为空');
    // Never an API path in front of a person (issue 16).
    expect(notify.mock.calls[0][0]).not.toContain('/api/');
  });

  it('hands a 409 naming what still uses a record to the in-use handler instead of the toast (issue 14)', async () => {
    const body = {
      status: 409,
      message: '该分类下有 2 篇文章，不能删除',
      data: { inUse: [{ key: 'articles', label: '篇文章', count: 2, capped: false, link: '/article/list?categoryId=5' }] },
    };
    server.use(mock.delete(`${BASE}/api/categories/5`, () => HttpResponse.json(body, { status: 409 })));
    const shown = vi.fn();
    setInUseHandler(shown);
    try {
      expect(await client.del('/api/categories/5')).toEqual(body);
      expect(shown).toHaveBeenCalledWith(body);
      expect(notify).not.toHaveBeenCalled();
      // Any other 409 is still a toast.
      server.use(mock.delete(`${BASE}/api/categories/6`, () => HttpResponse.json({ status: 409, message: '冲突' }, { status: 409 })));
      await client.del('/api/categories/6');
      expect(notify).toHaveBeenCalledWith('冲突');
      expect(shown).toHaveBeenCalledTimes(1);
    } finally {
      setInUseHandler(null);
    }
  });

  it('falls back to 请求失败 when the envelope has no message', async () => {
    server.use(mock.get(`${BASE}/api/x`, () => HttpResponse.json({ status: 7 })));

    await client.get('/api/x');

    expect(notify).toHaveBeenCalledWith('请求失败');
  });

  it.each([403, 413, 429, 500])('does not throw on HTTP %i with an envelope', async (code) => {
    const body = { status: code, message: '出错了' };
    server.use(mock.delete(`${BASE}/api/articles/1`, () => HttpResponse.json(body, { status: code })));

    const reply = await client.del('/api/articles/1');

    expect(reply).toEqual(body);
    expect(notify).toHaveBeenCalledWith('出错了');
  });

  it('returns the error and toasts exactly "request failed!" when there is no answer', async () => {
    server.use(mock.get(`${BASE}/api/ping`, () => HttpResponse.error()));

    const reply = await client.get('/api/ping');

    expect(isFailure(reply)).toBe(true);
    expect(reply).toBeInstanceOf(Error);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('request failed!');
  });

  it('sends the GET payload as query parameters', async () => {
    let seen: URLSearchParams | undefined;
    let bodyText: string | undefined;
    server.use(
      mock.get(`${BASE}/api/articles`, async ({ request }) => {
        seen = new URL(request.url).searchParams;
        bodyText = await request.text();
        return HttpResponse.json({ status: 0, data: [] });
      }),
    );

    await client.get('/api/articles', { page: 2, keyword: '重卡' });

    expect(seen?.get('page')).toBe('2');
    expect(seen?.get('keyword')).toBe('重卡');
    expect(bodyText).toBe('');
  });

  it('sends the DELETE payload as query parameters', async () => {
    let seen: URLSearchParams | undefined;
    server.use(
      mock.delete(`${BASE}/api/articles`, ({ request }) => {
        seen = new URL(request.url).searchParams;
        return HttpResponse.json({ status: 0 });
      }),
    );

    await client.del('/api/articles', { ids: '1,2' });

    expect(seen?.get('ids')).toBe('1,2');
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)('sends the %s payload as a JSON body', async (method) => {
    let body: unknown;
    let contentType: string | null = null;
    let query = '';
    const handler = { POST: mock.post, PUT: mock.put, PATCH: mock.patch }[method];
    server.use(
      handler(`${BASE}/api/articles/1`, async ({ request }) => {
        body = await request.json();
        contentType = request.headers.get('content-type');
        query = new URL(request.url).search;
        return HttpResponse.json({ status: 0 });
      }),
    );

    await client.request(method, '/api/articles/1', { title: '新车上市', tags: ['重卡'] });

    expect(body).toEqual({ title: '新车上市', tags: ['重卡'] });
    expect(contentType).toContain('application/json');
    expect(query).toBe('');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('marks a %s without a payload as JSON too (the API refuses other writes)', async (method) => {
    let contentType: string | null = null;
    const handler = { POST: mock.post, PUT: mock.put, PATCH: mock.patch, DELETE: mock.delete }[method];
    server.use(
      handler(`${BASE}/api/logout`, ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ status: 0 });
      }),
    );

    await client.request(method, '/api/logout');

    expect(contentType).toContain('application/json');
  });

  it('sends a GET without a content type', async () => {
    let contentType: string | null = 'unset';
    server.use(
      mock.get(`${BASE}/api/ping`, ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ status: 0 });
      }),
    );

    await client.get('/api/ping');

    expect(contentType).toBeNull();
  });

  it('reports an ended session (HTTP 401) once, after the toast, and still returns the body', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    server.use(mock.get(`${BASE}/api/users`, () => HttpResponse.json({ status: 401, message: '请先登录' }, { status: 401 })));
    server.use(mock.get(`${BASE}/api/ping`, () => HttpResponse.json({ status: 403, message: '无权限' }, { status: 403 })));

    const reply = await client.get('/api/users');
    await client.get('/api/ping');

    expect(reply).toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledWith('请先登录');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith({ status: 401, message: '请先登录' });
    setSessionEndedHandler(() => undefined);
  });

  it('turns a reply that is not an envelope into a non-zero status', async () => {
    server.use(mock.get(`${BASE}/api/ping`, () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })));

    const reply = await client.get('/api/ping');

    expect(isFailure(reply)).toBe(false);
    expect(reply).toMatchObject({ status: -1 });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0][0]).not.toContain('/api/');
  });
});

describe('the database away (HTTP 503, issue 14)', () => {
  const unavailable = () =>
    HttpResponse.json({ status: 503, data: null, message: '服务暂时不可用，正在重试' }, { status: 503, headers: { 'Retry-After': '5' } });
  let sleeps: number[];
  let away: HttpClient;
  beforeEach(() => {
    sleeps = [];
    away = createHttp({ baseURL: BASE, notify, sleep: async (ms) => void sleeps.push(ms) });
  });

  it('retries a read after Retry-After until it answers, and says 「服务暂时不可用，正在重试」 once for all the reads of the outage', async () => {
    let calls = 0;
    server.use(
      mock.get(`${BASE}/api/users`, () => (++calls <= 2 ? unavailable() : HttpResponse.json({ status: 0, data: ['u'] }))),
      mock.get(`${BASE}/api/roles`, () => (calls <= 2 ? unavailable() : HttpResponse.json({ status: 0, data: ['r'] }))),
    );

    const [users, roles] = await Promise.all([away.get('/api/users'), away.get('/api/roles')]);

    expect(users).toMatchObject({ status: 0, data: ['u'] });
    expect(roles).toMatchObject({ status: 0, data: ['r'] });
    expect(notify.mock.calls).toEqual([['服务暂时不可用，正在重试']]);
    expect(sleeps.length).toBeGreaterThanOrEqual(2);
    expect(sleeps.every((ms) => ms === 5000)).toBe(true);
  });

  it('gives up on a read after a few retries with a doubling wait when no Retry-After is sent, without a toast per attempt', async () => {
    let calls = 0;
    server.use(mock.get(`${BASE}/api/users`, () => (++calls, HttpResponse.json({ status: 503, message: '服务暂时不可用，正在重试' }, { status: 503 }))));

    const reply = await away.get('/api/users');

    expect(reply).toMatchObject({ status: 503 });
    expect(calls).toBe(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(notify.mock.calls).toEqual([['服务暂时不可用，正在重试']]);
  });

  it('announces the next outage again once the service answered in between', async () => {
    let down = true;
    server.use(mock.get(`${BASE}/api/users`, () => (down ? unavailable() : HttpResponse.json({ status: 0, data: [] }))));
    await away.get('/api/users');
    down = false;
    await away.get('/api/users');
    down = true;
    await away.get('/api/users');
    expect(notify.mock.calls).toEqual([['服务暂时不可用，正在重试'], ['服务暂时不可用，正在重试']]);
  });

  it('never repeats a write: one attempt, and the person is told it did not go through', async () => {
    let calls = 0;
    server.use(mock.put(`${BASE}/api/articles/1`, () => (++calls, unavailable())));

    const reply = await away.put('/api/articles/1', { title: 'x' });

    expect(reply).toMatchObject({ status: 503 });
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
    expect(notify.mock.calls).toEqual([['服务暂时不可用，操作未完成，请稍后再试']]);
  });
});

describe('login', () => {
  const credentials = { username: 'editor', password: 'secret' };

  it('posts the credentials to /api/login and resolves to the envelope', async () => {
    let body: unknown;
    server.use(
      mock.post(`${BASE}/api/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 0, data: { name: '编辑' } });
      }),
    );

    await expect(login(credentials, client)).resolves.toEqual({ status: 0, data: { name: '编辑' } });
    expect(body).toEqual(credentials);
    expect(notify).not.toHaveBeenCalled();
  });

  it('throws "Bad credentials" on HTTP 401 and toasts it', async () => {
    server.use(mock.post(`${BASE}/api/login`, () => HttpResponse.json({ status: 401, message: '用户名或密码错误' }, { status: 401 })));

    await expect(login(credentials, client)).rejects.toThrow(new Error('Bad credentials'));
    expect(notify).toHaveBeenCalledWith('Bad credentials');
  });

  it('rethrows an Error with the server message on HTTP 429', async () => {
    server.use(mock.post(`${BASE}/api/login`, () => HttpResponse.json({ status: 429, message: '登录尝试过于频繁，请稍后再试' }, { status: 429 })));

    await expect(login(credentials, client)).rejects.toThrow('登录尝试过于频繁，请稍后再试');
  });

  it('rethrows the network error as-is', async () => {
    server.use(mock.post(`${BASE}/api/login`, () => HttpResponse.error()));

    const error: unknown = await login(credentials, client).catch((e: unknown) => e);

    expect(isFailure(error)).toBe(true);
    expect(notify).toHaveBeenCalledWith('request failed!');
  });
});
