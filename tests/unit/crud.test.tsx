import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { columnsFrom } from '@/components/crud/columns';
import { createDefaults, formFields, rulesFor, withEmptyValues } from '@/components/crud/resource-form';
import { filterParams } from '@/components/crud/list-query';
import { moveId } from '@/components/crud/sortable-table';
import { buildDeptTree } from '@/components/department/tree-data';
import { placeSibling, subtreeOf } from '@/lib/tree';
import { roleResource } from '@/lib/resources/schemas/roles';
import { userResource } from '@/lib/resources/schemas/users';
import { departmentResource } from '@/lib/resources/schemas/departments';
import { advertiseResource, brandResource, friendLinkResource } from '@/lib/resources/schemas/operations';

const depts = [
  { id: 1, name: '编辑部', parentId: null, sort: 0, userCount: 2, totalCount: 2 },
  { id: 2, name: '新闻组', parentId: 1, sort: 0, userCount: 0, totalCount: 0 },
  { id: 3, name: '评测组', parentId: 1, sort: 1, userCount: 0, totalCount: 0 },
  { id: 4, name: '快讯', parentId: 2, sort: 0, userCount: 0, totalCount: 0 },
  { id: 5, name: '运营部', parentId: null, sort: 1, userCount: 0, totalCount: 0 },
];

describe('department tree helpers', () => {
  it('nests the flat list in sibling order', () => {
    const tree = buildDeptTree(depts);
    expect(tree.map((n) => n.name)).toEqual(['编辑部', '运营部']);
    expect(tree[0].children.map((n) => n.name)).toEqual(['新闻组', '评测组']);
    expect(tree[0].children[0].children.map((n) => n.name)).toEqual(['快讯']);
    expect(tree[0].userCount).toBe(2);
  });
  it('marks a department and its descendants unpickable as its own parent', () => {
    expect([...subtreeOf(depts, 1)].sort()).toEqual([1, 2, 3, 4]);
    const tree = buildDeptTree(depts, subtreeOf(depts, 2));
    expect(tree[0].disabled).toBe(false);
    expect(tree[0].children[0].disabled).toBe(true);
    expect(tree[0].children[0].children[0].disabled).toBe(true);
  });
  it('moves a sibling before or after another', () => {
    expect(placeSibling([1, 2, 3], 3, 1, false)).toEqual([3, 1, 2]);
    expect(placeSibling([1, 2, 3], 1, 3, true)).toEqual([2, 3, 1]);
  });
});

describe('sortable table', () => {
  it('moves a row above or below its drop target', () => {
    expect(moveId([1, 2, 3, 4], 4, 2, true)).toEqual([1, 4, 2, 3]);
    expect(moveId([1, 2, 3, 4], 1, 3, false)).toEqual([2, 3, 1, 4]);
  });
  it('leaves the order alone for a drop on itself or an unknown row', () => {
    expect(moveId([1, 2, 3], 2, 2, true)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 9, true)).toEqual([1, 2, 3]);
  });
});

describe('resource forms from a declaration', () => {
  it('shows create-only fields (username, initial password) only when creating', () => {
    expect(formFields(userResource, true).map((f) => f.name)).toContain('password');
    expect(formFields(userResource, false).map((f) => f.name)).not.toContain('password');
    expect(formFields(userResource, false).map((f) => f.name)).not.toContain('username');
  });
  it('derives Chinese client rules matching the server schema', () => {
    const name = roleResource.fields.find((f) => f.name === 'name')!;
    expect(rulesFor(name)).toEqual([
      { required: true, whitespace: true, message: '请输入角色名称' },
      { max: 64, message: '角色名称不能超过 64 个字符' },
    ]);
    const password = userResource.fields.find((f) => f.name === 'password')!;
    expect(rulesFor(password)).toContainEqual({ min: 8, message: '初始密码至少 8 个字符' });
    const level = roleResource.fields.find((f) => f.name === 'level')!;
    expect(rulesFor(level)).toEqual([{ required: true, message: '请选择数据范围' }]);
  });
  it('starts new records from the schema defaults, switches on', () => {
    expect(createDefaults(roleResource)).toMatchObject({ level: 3, description: '' });
    expect(createDefaults(userResource)).toMatchObject({ enabled: true, isSuper: false, phone: '' });
    expect(createDefaults(departmentResource)).toEqual({});
  });
  it('maps a date range filter to from/to, others to their own name', () => {
    expect(filterParams({ name: 'time', label: '时间', input: 'dateRange' })).toEqual(['from', 'to']);
    expect(filterParams({ name: 'keyword', label: '关键词', input: 'keyword' })).toEqual(['keyword']);
  });
});

describe('cleared optional fields get the schema’s empty value once (withEmptyValues)', () => {
  it('optional text → empty string, optional ids and dates → null, required and set values untouched', () => {
    const user = withEmptyValues(userResource, formFields(userResource, true), { name: '张三', departmentId: undefined, roleId: null });
    expect(user.departmentId).toBeNull();
    expect(user.roleId).toBeNull();
    expect(user.name).toBe('张三');
    const link = withEmptyValues(friendLinkResource, formFields(friendLinkResource, true), { name: 'x', url: undefined, logo: undefined });
    expect(link.logo).toBe('');
    // The link is required: left for the rule to refuse, not turned into an empty string.
    expect(link.url).toBeUndefined();
    const ad = withEmptyValues(advertiseResource, formFields(advertiseResource, true), { url: undefined, endAt: undefined });
    expect(ad.url).toBe('');
    expect(ad.endAt).toBeNull();
    const brand = withEmptyValues(brandResource, formFields(brandResource, false), { initial: null });
    expect(brand.initial).toBe('');
  });
});

describe('list columns from the declaration, by input kind', () => {
  it('thumbnail for an image, link for a link, the list title, a date column', () => {
    const columns = columnsFrom(friendLinkResource);
    expect(columns.map((c) => c.key)).toEqual(['name', 'url', 'logo', 'enabled', 'updatedAt']);
    expect(columns.find((c) => c.key === 'enabled')?.title).toBe('启用');
    expect(columns.find((c) => c.key === 'url')?.width).toBe(260);
    const logo = columns.find((c) => c.key === 'logo')!;
    const { container } = render(<>{logo.render!('/uploads/a.png', {}, 0) as never}</>);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
    const url = columns.find((c) => c.key === 'url')!;
    const link = render(<>{url.render!('https://example.com', {}, 0) as never}</>);
    expect(link.container.querySelector('a')?.getAttribute('target')).toBe('_blank');
    const date = columns.find((c) => c.key === 'updatedAt')!;
    expect(render(<>{date.render!(null, {}, 0) as never}</>).container.textContent).toBe('-');
    // The date over the time, in a 104 px column (ux-2026-11-28 P2-4).
    const shown = render(<>{date.render!('2026-11-05T01:30:00.000Z', {}, 0) as never}</>).container;
    expect(shown.querySelector('br')).not.toBeNull();
    expect(shown.textContent).toMatch(/^2026-11-0\d\d\d:\d\d$/);
    expect(date.width).toBe(104);
  });
});
