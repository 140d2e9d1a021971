import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiffText, LockBanner, useEditLock } from '@/components/editorial';
import type { DraftCopy } from '@/lib/api/editorial';

// The lock hook and its banner against recorded server replies (the API itself is tested in
// tests/api/locks.test.ts): what the editor sees when someone else holds the lock, takes it over,
// and that the heartbeat carries the unsaved copy.
const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
let next: { post: () => Response; put: () => Response };
const holder = (name: string, self = false) => ({ userId: self ? 1 : 2, name, since: '2026-11-22T06:05:00.000Z', renewedAt: '2026-11-22T06:05:00.000Z', self });
const okLock = (token: string) =>
  HttpResponse.json({ status: 0, message: 'ok', data: { held: true, token, holder: holder('我', true), ttlSeconds: 45, renewSeconds: 15 } });
const server = setupServer(
  mock.post('*/api/articles/7/lock', async ({ request }) => {
    calls.push({ method: 'POST', body: (await request.json()) as Record<string, unknown> });
    return next.post();
  }),
  mock.put('*/api/articles/7/lock', async ({ request }) => {
    calls.push({ method: 'PUT', body: (await request.json()) as Record<string, unknown> });
    return next.put();
  }),
  mock.delete('*/api/articles/7/lock', () => HttpResponse.json({ status: 0, message: 'ok', data: { released: true } })),
  mock.get('*/api/articles/locks', () => HttpResponse.json({ status: 0, message: 'ok', data: { list: [{ id: 7, ...holder('张三') }] } })),
);

function Harness({ draft }: { draft: DraftCopy | null }) {
  const lock = useEditLock(7, { getDraft: () => draft, renewMs: 60 });
  return (
    <div>
      <span data-testid="state">{lock.state}</span>
      <span data-testid="token">{lock.token ?? ''}</span>
      <LockBanner lock={lock} />
    </div>
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  calls.length = 0;
  sessionStorage.clear();
});
afterAll(() => server.close());

describe('edit lock banner', () => {
  it('someone else holds the lock: who and since when, read-only, and 接管编辑 takes it over', { timeout: 20_000 }, async () => {
    next = {
      post: () =>
        HttpResponse.json(
          { status: 423, message: '张三正在编辑这篇文章', data: { held: false, holder: holder('张三'), ttlSeconds: 45, renewSeconds: 15 } },
          { status: 423 },
        ),
      put: () => okLock('t-mine'),
    };
    render(<Harness draft={null} />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('locked'));
    expect(screen.getByRole('alert').textContent).toMatch(/张三正在编辑这篇文章（\d\d:05 起）/);
    expect(screen.getByRole('alert').textContent).toContain('对方未保存的内容会先存为修订');
    next.post = () => okLock('t-mine');
    fireEvent.click(screen.getByRole('button', { name: /接管编辑/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^接\s*管$/ }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('held'));
    // The last POST (a heartbeat PUT may already have followed it on a slow machine).
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toEqual({ method: 'POST', body: { takeover: true, draft: null } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sessionStorage.getItem('cms-edit-lock:articles:7')).toBe('t-mine');
  });

  it('the heartbeat carries the unsaved copy; when taken over the editor is told where the copy went', async () => {
    next = { post: () => okLock('t-1'), put: () => okLock('t-1') };
    const draft = { baseVersion: 3, fields: { title: '改了一半的标题', content: '<p>还没保存</p>' } };
    render(<Harness draft={draft} />);
    await waitFor(() => expect(screen.getByTestId('token').textContent).toBe('t-1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ token: 't-1', draft });
    next.put = () =>
      HttpResponse.json(
        {
          status: 423,
          message: '李四已接管编辑',
          data: { held: false, takenOver: true, holder: holder('李四'), savedRevisionId: 12, ttlSeconds: 45, renewSeconds: 15 },
        },
        { status: 423 },
      );
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('takenOver'));
    const alert = screen.getByRole('alert').textContent!;
    expect(alert).toMatch(/李四已于 \d\d:05 接管编辑/);
    expect(alert).toContain('已存为修订 #12');
    expect(screen.getByTestId('token').textContent).toBe('');
  });
});

describe('DiffText', () => {
  it('marks insertions and deletions for the eye and for screen readers; blocks are chips', () => {
    const { container } = render(
      <DiffText
        parts={[
          { op: 'equal', text: '油耗表现' },
          { op: 'delete', text: '很好' },
          { op: 'insert', text: '一般' },
          { op: 'insert', text: '【视频 #3】', block: true },
        ]}
      />,
    );
    expect(container.querySelector('del')!.textContent).toBe('删除：很好');
    expect([...container.querySelectorAll('ins')].map((n) => n.textContent)).toEqual(['新增：一般', '新增：【视频 #3】']);
    expect(render(<DiffText parts={[]} />).container.textContent).toBe('（空）');
  });

  it('a copy the server refuses for its size (400) does not cost the lock: the heartbeat goes again without it', async () => {
    const draft = { baseVersion: 3, fields: { content: `<p>${'粘贴'.repeat(10)}</p>` } };
    next = {
      post: () => okLock('t-2'),
      put: () =>
        calls.at(-1)!.body.draft
          ? HttpResponse.json(
              { status: 400, message: '提交的数据有误，请检查标红的字段', errors: { 'draft.fields.content': '正文不能超过 900000 个字符' } },
              { status: 400 },
            )
          : okLock('t-2'),
    };
    render(<Harness draft={draft} />);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').length).toBeGreaterThanOrEqual(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.slice(0, 2).map((c) => c.body)).toEqual([{ token: 't-2', draft }, { token: 't-2' }]);
    expect(screen.getByTestId('state').textContent).toBe('held');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
