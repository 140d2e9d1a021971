import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LockBanner, useEditLock } from '@/components/editorial';
import { LockLostDialog } from '@/components/editorial/lock-lost-dialog';
import { insertTyped, textAsInlineHtml, textAsParagraphs, typedText, typingPlace } from '@/components/editorial/lock-lost';
import type { EditLock } from '@/components/editorial/use-edit-lock';

// Issue 23 (review P1-1): the rules that keep what is typed after a takeover. The journey in two
// browsers is e2e/editorial-takeover.spec.ts.

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...mods,
});

describe('what a key typed into a read-only page adds', () => {
  it('a character or a line break; never a shortcut, a named key or an input method at work', () => {
    expect(typedText(key('a'))).toBe('a');
    expect(typedText(key('中'))).toBe('中');
    expect(typedText(key('😀'))).toBe('😀');
    expect(typedText(key(' '))).toBe(' ');
    expect(typedText(key('Enter'))).toBe('\n');
    expect(typedText(key('Shift'))).toBeNull();
    expect(typedText(key('ArrowDown'))).toBeNull();
    expect(typedText(key('Process'))).toBeNull();
    expect(typedText(key('s', { ctrlKey: true }))).toBeNull();
    expect(typedText(key('s', { metaKey: true }))).toBeNull();
    expect(typedText(key('a', { altKey: true }))).toBeNull();
    expect(typedText(key('n', { isComposing: true }))).toBeNull();
  });

  it('text for a body is escaped; lines become <br> at the caret, paragraphs at the end', () => {
    expect(textAsInlineHtml('<b>6&4</b>\n下一行')).toBe('&lt;b&gt;6&amp;4&lt;/b&gt;<br>下一行');
    expect(textAsParagraphs('第一句\n\n  \n<第二句>')).toBe('<p>第一句</p><p>&lt;第二句&gt;</p>');
  });
});

describe('where typing goes back', () => {
  afterEach(cleanup);

  it('a text box, a text area or the body’s frame; not a check box, a button or a select’s search', () => {
    render(
      <div>
        <input aria-label="标题" />
        <input aria-label="勾选" type="checkbox" />
        <textarea aria-label="简介" />
        <button type="button">按钮</button>
        <div className="ant-select">
          <input aria-label="分类" role="combobox" />
        </div>
      </div>,
    );
    expect(typingPlace(screen.getByLabelText('标题'))).toBe(screen.getByLabelText('标题'));
    expect(typingPlace(screen.getByLabelText('简介'))).toBe(screen.getByLabelText('简介'));
    expect(typingPlace(screen.getByLabelText('勾选'))).toBeNull();
    expect(typingPlace(screen.getByRole('button'))).toBeNull();
    expect(typingPlace(screen.getByLabelText('分类'))).toBeNull();
    const frame = document.createElement('iframe');
    expect(typingPlace(frame)).toBe(frame);
    expect(typingPlace(null)).toBeNull();
  });

  it('into a React text box at the caret, as if typed (its onChange sees it); a disabled one refuses', () => {
    const seen: string[] = [];
    function Title({ disabled = false }: { disabled?: boolean }) {
      const [value, setValue] = useState('燃气版评测');
      return (
        <input
          aria-label="标题"
          value={value}
          disabled={disabled}
          onChange={(e) => {
            seen.push(e.target.value);
            setValue(e.target.value);
          }}
        />
      );
    }
    const { rerender } = render(<Title />);
    const input = screen.getByLabelText<HTMLInputElement>('标题');
    input.setSelectionRange(3, 3);
    act(() => {
      expect(insertTyped(input, '深度\n')).toBe(true);
    });
    // A line break has no place in a one-line box.
    expect(seen).toEqual(['燃气版深度 评测']);
    expect(input.value).toBe('燃气版深度 评测');
    rerender(<Title disabled />);
    expect(insertTyped(input, '再写')).toBe(false);
    expect(insertTyped(null, '再写')).toBe(false);
  });
});

// The lock hook against recorded replies: a displaced tab still has its copy kept (with the token it lost).
const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
let put: () => Response;
const holder = (name: string, self = false) => ({ userId: self ? 1 : 2, name, since: '2026-11-22T06:05:00.000Z', renewedAt: '2026-11-22T06:05:00.000Z', self });
const okLock = (token: string) =>
  HttpResponse.json({ status: 0, message: 'ok', data: { held: true, token, holder: holder('我', true), ttlSeconds: 45, renewSeconds: 15 } });
const takenOver = (revisionId: number) =>
  HttpResponse.json(
    {
      status: 423,
      message: '张伟已接管编辑',
      data: { held: false, takenOver: true, holder: holder('张伟'), savedRevisionId: revisionId, ttlSeconds: 45, renewSeconds: 15 },
    },
    { status: 423 },
  );
const server = setupServer(
  mock.post('*/api/articles/8/lock', () => okLock('t-8')),
  mock.put('*/api/articles/8/lock', async ({ request }) => {
    calls.push({ method: 'PUT', body: (await request.json()) as Record<string, unknown> });
    return put();
  }),
  mock.delete('*/api/articles/8/lock', () => HttpResponse.json({ status: 0, message: 'ok', data: { released: true } })),
  mock.get('*/api/articles/locks', () => HttpResponse.json({ status: 0, message: 'ok', data: { list: [{ id: 8, ...holder('张伟') }] } })),
);

let lockNow: EditLock | null = null;
function Harness() {
  const lock = useEditLock(8, { getDraft: () => ({ baseVersion: 2, fields: { title: '接管前' } }), renewMs: 60 });
  lockNow = lock;
  return (
    <div>
      <span data-testid="state">{lock.state}</span>
      <LockBanner lock={lock} />
    </div>
  );
}

describe('a displaced tab keeps what it typed afterwards', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    calls.length = 0;
    sessionStorage.clear();
  });
  afterAll(() => server.close());

  it('keepCopy sends the fields with the token the takeover took; the banner names the new revision', async () => {
    put = () => okLock('t-8');
    render(<Harness />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('held'));
    put = () => takenOver(21);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('takenOver'));
    expect(screen.getByRole('alert').textContent).toContain('已存为修订 #21');
    calls.length = 0;
    put = () => takenOver(22);
    const draft = { baseVersion: 2, fields: { title: '接管前', content: '<p>接管后又写的</p>' } };
    let revisionId: number | null = null;
    await act(async () => {
      revisionId = await lockNow!.keepCopy(draft);
    });
    expect(revisionId).toBe(22);
    expect(calls.find((c) => c.body.draft && (c.body.draft as { fields: { content?: string } }).fields.content)?.body).toEqual({ token: 't-8', draft });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('已存为修订 #22'));
    expect(screen.getByTestId('state').textContent).toBe('takenOver');
  });

  it('a tab that never lost its lock has nothing to keep this way', async () => {
    put = () => okLock('t-8');
    render(<Harness />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('held'));
    let revisionId: number | null = 1;
    await act(async () => {
      revisionId = await lockNow!.keepCopy({ baseVersion: 2, fields: { title: 'x' } });
    });
    expect(revisionId).toBeNull();
    expect(calls.every((c) => c.body.token === 't-8' && (c.body.draft as { fields: { title: string } }).fields.title === '接管前')).toBe(true);
  });
});

describe('the lock-lost dialog', () => {
  afterEach(cleanup);
  const lock = { holder: holder('张伟'), savedRevisionId: 26, ended: false } as unknown as EditLock;

  it('opens with the keyboard in its text box; a key that lands on the dialog joins the text; Enter on a button presses it', async () => {
    const keys: string[] = [];
    const closed: string[] = [];
    render(
      <LockLostDialog lock={lock} label="文章" text="" isDirty onText={() => undefined} onKey={(k) => keys.push(k)} onClose={(then) => closed.push(then)} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/张伟已于 \d\d:05 接管编辑/);
    expect(dialog.textContent).toContain('你尚未保存的内容已存为修订 #26，不会丢失');
    const box = screen.getByRole('textbox', { name: '此后输入的文字记在这里' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    // A key on the dialog's panel (it takes the focus first while opening) is not lost.
    fireEvent.keyDown(dialog, { key: 'x' });
    fireEvent.keyDown(dialog, { key: 'Shift' });
    expect(keys).toEqual(['x']);
    // Typed in the box itself: the box has it, not the catcher.
    fireEvent.keyDown(box, { key: 'y' });
    expect(keys).toEqual(['x']);
    const ok = screen.getByRole('button', { name: '知道了' });
    fireEvent.keyDown(ok, { key: 'Enter' });
    expect(keys).toEqual(['x']);
    fireEvent.click(ok);
    fireEvent.click(screen.getByRole('button', { name: '重新接管' }));
    expect(closed).toEqual(['stay', 'takeover']);
  });
});
