import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Form } from 'antd';
import { AppFeedbackRoot } from '@/components/common/app-feedback';
import { inDataLayer } from './in-data-layer';
import { categoryOptions } from '@/components/taxonomy/category-picker';
import { CategorySelect as ListCategorySelect } from '@/components/articles/list/pickers';
import { CategorySelect as VideoCategorySelect } from '@/components/short-video/category-select';
import { SideFields } from '@/components/articles/editor/side-fields';

// Issue 15 (P2-9): 分类 chosen with the keyboard in the editors (写文章 / 发图集 / 发视频文章 share
// SideFields; 发布短视频 has its own field) and in 文章列表's 移动到分类: type, ArrowDown, Enter; or
// ArrowDown alone to the category, Enter. The type headings are never chosen.

configure({ asyncUtilTimeout: 5000 });

const TYPES = [
  { id: 1, name: '资讯', sort: 0, categoryCount: 5 },
  { id: 2, name: '车型', sort: 1, categoryCount: 0 },
];
const ROWS: Record<number, Array<{ id: number; typeId: number; parentId: number | null; name: string; sort: number; enabled: boolean }>> = {
  1: [
    { id: 10, typeId: 1, parentId: null, name: '行业动态', sort: 0, enabled: true },
    { id: 11, typeId: 1, parentId: 10, name: '政策法规', sort: 0, enabled: true },
    { id: 12, typeId: 1, parentId: 10, name: '市场销量', sort: 1, enabled: true },
    { id: 13, typeId: 1, parentId: 10, name: '企业新闻', sort: 2, enabled: false },
    { id: 14, typeId: 1, parentId: null, name: '新车', sort: 1, enabled: true },
  ],
  2: [{ id: 20, typeId: 2, parentId: null, name: '牵引车', sort: 0, enabled: true }],
};
const empty = () => HttpResponse.json({ status: 0, data: { list: [], total: 0, page: 1, pageSize: 100 } });
const server = setupServer(
  mock.get('*/api/category_types', () => HttpResponse.json({ status: 0, data: { list: TYPES, total: 2, page: 1, pageSize: 100 } })),
  mock.get('*/api/categories/tree', ({ request }) =>
    HttpResponse.json({ status: 0, data: ROWS[Number(new URL(request.url).searchParams.get('typeId'))] ?? [] }),
  ),
  mock.get('*/api/platform', empty),
  mock.get('*/api/topic', empty),
  mock.get('*/api/articles_album', empty),
  mock.get('*/api/tags_types', empty),
  mock.get('*/api/pic_store_tags', empty),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());

afterAll(() => server.close());

/** A key press as a browser sends it: down, then up (the select locks Enter until it comes up). */
const key = (el: Element, k: 'ArrowDown' | 'Enter', code: number) =>
  act(async () => {
    fireEvent.keyDown(el, { key: k, keyCode: code, which: code });
    fireEvent.keyUp(el, { key: k, keyCode: code, which: code });
  });
const down = (el: Element) => key(el, 'ArrowDown', 40);
const enter = (el: Element) => key(el, 'Enter', 13);

/** Focus the field (as Tab does) and wait until its categories have loaded. */
async function focusField(name: string) {
  const input = screen.getByRole('combobox', { name });
  await act(async () => input.focus());
  // Opening with ArrowDown, as a keyboard user does; the options are there once loaded.
  await down(input);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option, .ant-select-tree-treenode').length).toBeGreaterThan(0));
  return input;
}

async function typeIn(input: Element, text: string) {
  await act(async () => void fireEvent.change(input, { target: { value: text } }));
}

describe('categoryOptions', () => {
  it('groups by type in tree order, indents by depth, names the path; switched-off ones greyed, hidden or kept', () => {
    const groups = TYPES.map((type) => ({ type, rows: ROWS[type.id] }));
    const marked = categoryOptions(groups, { switchedOff: 'mark', disabledIds: new Set([14]) });
    expect(marked.map((g) => g.label)).toEqual(['资讯', '车型']);
    expect(marked[0].options.map((o) => [o.value, o.label, o.depth, o.title, Boolean(o.disabled)])).toEqual([
      [10, '行业动态', 0, '资讯 / 行业动态', false],
      [11, '政策法规', 1, '资讯 / 行业动态 / 政策法规', false],
      [12, '市场销量', 1, '资讯 / 行业动态 / 市场销量', false],
      [13, '企业新闻（已停用）', 1, '资讯 / 行业动态 / 企业新闻', true],
      [14, '新车', 0, '资讯 / 新车', true],
    ]);
    expect(categoryOptions(groups, { switchedOff: 'hide' })[0].options.map((o) => o.value)).toEqual([10, 11, 12, 14]);
    expect(categoryOptions(groups)[0].options.find((o) => o.value === 13)).toMatchObject({ label: '企业新闻', disabled: undefined });
    expect(categoryOptions([{ type: { id: 3, name: '空类型', sort: 2 } as never, rows: [] }])).toEqual([]);
  });
});

describe('分类 by keyboard', { timeout: 30_000 }, () => {
  it('写文章 (SideFields): type 「销量」, ArrowDown, Enter chooses 市场销量', async () => {
    const onValues = vi.fn();
    render(
      <AppFeedbackRoot>
        <Form onValuesChange={onValues}>
          <SideFields />
        </Form>
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    const input = await focusField('分类');
    await typeIn(input, '销量');
    await down(input);
    await enter(input);
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ categoryId: 12 }, expect.anything()));
  });

  it('写文章 (SideFields): ArrowDown through 行业动态 → 政策法规 → 市场销量, Enter; switched-off categories are skipped', async () => {
    const onValues = vi.fn();
    render(
      <AppFeedbackRoot>
        <Form onValuesChange={onValues}>
          <SideFields />
        </Form>
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    const input = await focusField('分类');
    // Open: the first category (行业动态) is active; the 资讯 heading is not an option.
    await down(input);
    await down(input);
    await enter(input);
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ categoryId: 12 }, expect.anything()));
    // 企业新闻 is switched off: from 市场销量 the next is 新车.
    onValues.mockClear();
    await down(input);
    await down(input);
    await enter(input);
    await waitFor(() => expect(onValues).toHaveBeenCalledWith({ categoryId: 14 }, expect.anything()));
  });

  it('发布短视频: type, ArrowDown, Enter', async () => {
    const onChange = vi.fn();
    render(
      <AppFeedbackRoot>
        <label htmlFor="video-category">分类</label>
        <VideoCategorySelect id="video-category" onChange={onChange} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    const input = await focusField('分类');
    await typeIn(input, '牵引');
    await down(input);
    await enter(input);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(20));
  });

  it('移动到分类 (文章列表): type, ArrowDown, Enter; the category being deleted cannot be chosen', async () => {
    const onChange = vi.fn();
    render(
      <AppFeedbackRoot>
        <ListCategorySelect aria-label="目标分类" onChange={onChange} disabledId={12} />
      </AppFeedbackRoot>,
      { wrapper: inDataLayer() },
    );
    const input = await focusField('目标分类');
    await typeIn(input, '政策');
    await down(input);
    await enter(input);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(11));
    onChange.mockClear();
    await down(input);
    await typeIn(input, '销量');
    await down(input);
    await enter(input);
    expect(onChange).not.toHaveBeenCalled();
  });
});
