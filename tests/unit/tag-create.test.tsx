import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { TagPicker } from '@/components/taxonomy/tag-picker';
import { inDataLayer } from './in-data-layer';
import { useUserStore } from '@/stores/user';

// The machine running the suite is shared: give the debounced searches and requests time.
configure({ asyncUtilTimeout: 5000 });

// Issue 15 (P2-8), issue 23 (ux P2-11): a tag that does not exist yet is created from the tag field
// by 标签管理 and by the editors (POST /api/tags/quick), and chosen at once; anyone else is told to
// ask an administrator.

let types = [
  { id: 1, name: '品牌', sort: 0 },
  { id: 2, name: '话题', sort: 1 },
];
let store: Array<{ id: number; name: string; typeId: number }> = [];
const created: unknown[] = [];
const server = setupServer(
  mock.get('*/api/tags_types', () => HttpResponse.json({ status: 0, data: { list: types, total: types.length, page: 1, pageSize: 100 } })),
  mock.get('*/api/tags/search', ({ request }) => {
    const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
    return HttpResponse.json({ status: 0, data: store.filter((t) => t.name.includes(keyword)) });
  }),
  mock.get('*/api/tags', () => HttpResponse.json({ status: 0, data: { list: [], total: 0, page: 1, pageSize: 100 } })),
  mock.post('*/api/tags/quick', async ({ request }) => {
    const body = (await request.json()) as { name: string; typeId: number };
    created.push(body);
    const tag = { id: 100 + store.length, ...body };
    store.push(tag);
    return HttpResponse.json({ status: 0, data: tag });
  }),
);

const signIn = (routes: string[]) =>
  useUserStore.getState().setUser({ id: 1, username: 'u', name: '用户', level: 1 }, Object.fromEntries(routes.map((r) => [r, { name: r }])));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store = [{ id: 1, name: '国六', typeId: 2 }];
  types = [
    { id: 1, name: '品牌', sort: 0 },
    { id: 2, name: '话题', sort: 1 },
  ];
  created.length = 0;
});
afterEach(() => {
  cleanup();
  useUserStore.getState().clearUser();
});
afterAll(() => server.close());

async function typeIn(text: string) {
  const input = screen.getByRole('combobox');
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: text } });
  });
  return input;
}

describe('TagPicker: new tags', () => {
  it('offers 「新建标签「…」」 last when nothing matches exactly; choosing it asks the type, creates the tag and selects it', async () => {
    signIn(['/setting/tag', '/article/addArticle']);
    const onChange = vi.fn();
    render(
      <AppFeedbackRoot>
        <TagPicker value={[]} onChange={onChange} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    await typeIn('国');
    // 「国六」 matches partly: it is offered first, the new tag last.
    await waitFor(() => expect(screen.getByTestId('tag-create-option').textContent).toBe('新建标签「国」'));
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(labels[0]).toContain('国六');
    expect(labels.at(-1)).toBe('新建标签「国」');

    await typeIn('天然气重卡');
    await waitFor(() => expect(screen.getByTestId('tag-create-option').textContent).toBe('新建标签「天然气重卡」'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('tag-create-option'));
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('新建标签「天然气重卡」');
    // Two types: the person chooses (the first is preselected).
    expect((screen.getByRole('radio', { name: '品牌' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: '话题' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '新建并选中' }));
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([101]));
    expect(created).toEqual([{ name: '天然气重卡', typeId: 2 }]);
    await waitFor(() => expect(screen.getByText('已新建标签「天然气重卡」（话题）并选中')).toBeTruthy());
  });

  it('no offer when a tag of exactly that name exists', async () => {
    signIn(['/setting/tag']);
    render(
      <AppFeedbackRoot>
        <TagPicker value={[]} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    await typeIn('国六');
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(1));
    expect(screen.queryByTestId('tag-create-option')).toBeNull();
  });

  it('with one tag type, the keyboard creates it: type, Enter', async () => {
    signIn(['/setting/tag']);
    types = [{ id: 1, name: '品牌', sort: 0 }];
    const onChange = vi.fn();
    render(
      <AppFeedbackRoot>
        <TagPicker value={[5]} onChange={onChange} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    const input = await typeIn('远程');
    await waitFor(() => expect(screen.getByTestId('tag-create-option')).toBeTruthy());
    // Enter takes the active option: wait until the offer is the active one (the list may still
    // be settling on a busy machine).
    await waitFor(() =>
      expect(
        document.querySelector(
          '.ant-select-item-option-active [data-testid="tag-create-option"], .ant-select-item-option-active[data-testid="tag-create-option"]',
        ),
      ).not.toBeNull(),
    );
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([5, 101]));
    expect(created).toEqual([{ name: '远程', typeId: 1 }]);
    // The chosen tag was not the active option (Enter did not take it off), and keeps its label.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('#5');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an editor without 标签管理 is offered the new tag too', async () => {
    signIn(['/article/addArticle']);
    render(
      <AppFeedbackRoot>
        <TagPicker value={[]} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    await typeIn('天然气重卡');
    await waitFor(() => expect(screen.getByTestId('tag-create-option').textContent).toBe('新建标签「天然气重卡」'));
  });

  it('people who may not create tags are told whom to ask; filters see nothing new', async () => {
    signIn(['/article/list', '/article/check']);
    render(
      <AppFeedbackRoot>
        <TagPicker value={[]} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    await typeIn('天然气重卡');
    await waitFor(() => expect(screen.getByText('没有找到标签。没有权限新建标签，请联系管理员')).toBeTruthy());
    expect(screen.queryByTestId('tag-create-option')).toBeNull();
    cleanup();

    signIn(['/setting/tag']);
    render(
      <AppFeedbackRoot>
        <TagPicker value={[]} creatable={false} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    await typeIn('天然气重卡');
    await waitFor(() => expect(screen.getByText('没有找到标签')).toBeTruthy());
    expect(screen.queryByTestId('tag-create-option')).toBeNull();
  });
});
