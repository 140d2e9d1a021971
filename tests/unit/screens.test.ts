import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { rulesFor } from '@/components/crud/resource-form';
import { clearPatch, isFiltered, rangeToQuery } from '@/components/crud/list-query';
import { buildDeptTree, limitTree } from '@/components/department/tree-data';
import { ancestorIds, subtreeOf } from '@/lib/tree';
import { fieldError, recordName } from '@/lib/resources/check';
import { userResource } from '@/lib/resources/schemas/users';
import { roleResource } from '@/lib/resources/schemas/roles';
import { departmentResource } from '@/lib/resources/schemas/departments';
import { pageTitle } from '@/lib/page-title';
import { ROUTES } from '@/lib/routes';
import { screenDeclarations } from '@/lib/resources/modules';
import {
  createStaffRefusal,
  deleteDepartmentRefusal,
  deleteRoleRefusal,
  deleteStaffRefusal,
  grantRefusal,
  manageRefusal,
  resetPasswordRefusal,
  roleWriteRefusal,
  scopeKind,
  scopeText,
  structureRefusal,
  toggleStaffRefusal,
  viewerFrom,
} from '@/lib/permissions';

const auth = (paths: string[]) => Object.fromEntries(['/', ...paths].map((p) => [p, { name: p }]));
const superAdmin = viewerFrom({ id: 1, isSuper: true, level: 3 }, auth([]));
const director = viewerFrom({ id: 2, level: 1, departmentId: 1 }, auth(['/department', '/role', '/log']));
const manager = viewerFrom({ id: 3, level: 2, departmentId: 1 }, auth(['/department', '/article/list']));
const editor = viewerFrom({ id: 4, level: 3, departmentId: 2 }, auth(['/department']));
const roles = new Map([
  [10, { routes: ['/article/list'], level: 3 }],
  [11, { routes: ['/department', '/role', '/log'], level: 1 }],
]);
const roleOf = (id: number) => roles.get(id);

describe('what the viewer may do (lib/permissions, mirrors the server)', () => {
  it('reads the viewer from the user info and auth map; a super-administrator has the full scope', () => {
    expect(superAdmin.level).toBe(1);
    expect([...manager.routes]).toEqual(['/department', '/article/list']);
    expect(scopeKind(manager)).toBe('department');
    expect(scopeKind(viewerFrom({ id: 5, level: 2, departmentId: null }, {}))).toBe('self');
  });
  it('states the data scope as people read it', () => {
    expect(scopeText(director)).toBe('全部数据');
    expect(scopeText(manager, '编辑部')).toBe('编辑部及下属部门');
    expect(scopeText(editor)).toBe('仅本人');
  });
  it('grants only routes held and no wider scope', () => {
    expect(grantRefusal(manager, roles.get(10)!)).toBeNull();
    expect(grantRefusal(manager, { routes: ['/role'] }, () => '角色权限')).toBe('包含你没有的权限：角色权限');
    expect(grantRefusal(manager, { level: 1 })).toBe('数据范围「全部数据」比你的大');
    expect(grantRefusal(superAdmin, roles.get(11)!)).toBeNull();
  });
  it('changes roles and the department tree only with the full scope', () => {
    expect(roleWriteRefusal(director)).toBeNull();
    expect(roleWriteRefusal(manager)).toBe('修改角色需要「全部数据」的数据范围');
    expect(structureRefusal(editor)).toBe('调整部门结构需要「全部数据」的数据范围');
  });
  it('keeps stronger accounts and super-administrators out of reach, and oneself out of delete/disable/reset', () => {
    const strong = { id: 9, isSuper: false, roleId: 11 };
    const weak = { id: 8, isSuper: false, roleId: 10 };
    expect(manageRefusal(manager, strong, roleOf)).toBe('此员工的权限比你大，不能管理');
    expect(manageRefusal(manager, weak, roleOf)).toBeNull();
    expect(manageRefusal(director, { id: 7, isSuper: true, roleId: null }, roleOf)).toBe('只有超级管理员可以管理超级管理员');
    const me = { id: manager.id, isSuper: false, roleId: 11 };
    expect(manageRefusal(manager, me, roleOf)).toBeNull();
    expect(deleteStaffRefusal(manager, me, roleOf)).toBe('不能删除自己的账号');
    expect(toggleStaffRefusal(manager, me, roleOf)).toBe('不能停用自己的账号');
    expect(resetPasswordRefusal(manager, me, roleOf)).toBe('自己的密码请在「个人资料」中修改');
  });
  it('creates staff only with a department or wider scope', () => {
    expect(createStaffRefusal(manager)).toBeNull();
    expect(createStaffRefusal(editor)).toBe('你的数据范围是「仅本人」，不能新增员工');
  });
  it('refuses deleting a department with members or children, and a role still held', () => {
    expect(deleteDepartmentRefusal({ name: '新闻组', userCount: 3 }, 0)).toContain('还有 3 名员工');
    expect(deleteDepartmentRefusal({ name: '编辑部', userCount: 0 }, 2)).toContain('还有 2 个下级部门');
    expect(deleteDepartmentRefusal({ name: '空部门', userCount: 0 }, 0)).toBeNull();
    expect(deleteRoleRefusal({ name: '编辑', userCount: 4 })).toBe('还有 4 名员工使用角色「编辑」，请先为他们更换角色');
    expect(deleteRoleRefusal({ name: '编辑', userCount: 0 })).toBeNull();
  });
});

describe('forms check the server schema field by field', () => {
  it('gives the schema messages for phone, e-mail, password and username', () => {
    expect(fieldError(userResource, 'phone', 'abc')).toBe('请输入有效的电话号码');
    expect(fieldError(userResource, 'phone', '')).toBeNull();
    expect(fieldError(userResource, 'email', 'x@')).toBe('请输入有效的邮箱地址');
    expect(fieldError(userResource, 'password', 'lettersonly')).toBe('初始密码需同时包含字母和数字');
    expect(fieldError(userResource, 'password', 'short1')).toBe('初始密码至少 8 个字符');
    expect(fieldError(userResource, 'username', 'a b')).toMatch(/^用户名/);
    expect(fieldError(userResource, 'name', '   ')).toBe('请输入姓名');
    expect(fieldError(userResource, 'departmentId', null)).toBeNull();
    expect(fieldError(userResource, 'departmentId', undefined)).toBeNull();
    expect(fieldError(departmentResource, 'name', undefined)).toBe('请输入部门名称');
    expect(fieldError(roleResource, 'level', 2)).toBeNull();
  });
  it('turns the schema into one validator rule per field', async () => {
    const [rule] = rulesFor(
      userResource.fields.find((f) => f.name === 'phone')!,
      userResource,
    ) as Array<{ validator: (r: unknown, v: unknown) => Promise<void> }>;
    await expect(rule.validator({}, 'abc')).rejects.toThrow('请输入有效的电话号码');
    await expect(rule.validator({}, '13800138000')).resolves.toBeUndefined();
  });
  it('names a record in titles: name（username）', () => {
    expect(recordName({ name: '张伟', username: 'zhangwei' })).toBe('张伟（zhangwei）');
    expect(recordName({ name: '编辑部' })).toBe('编辑部');
    expect(recordName({ title: '新车', id: 3 })).toBe('新车');
    expect(recordName(null)).toBe('');
  });
});

describe('one filter model', () => {
  const filters = [
    { name: 'keyword', label: '关键词', input: 'keyword' as const },
    { name: 'time', label: '时间', input: 'dateRange' as const },
  ];
  it('knows when a list is filtered and how to clear it', () => {
    expect(isFiltered(filters, { page: '2' })).toBe(false);
    expect(isFiltered(filters, { from: '2026-01-01T00:00:00+08:00' })).toBe(true);
    expect(clearPatch(filters)).toEqual({ keyword: undefined, from: undefined, to: undefined });
  });
  it('writes date ranges as whole days, or to the minute with the end minute included', () => {
    const start = dayjs('2026-11-05T09:30:20');
    const end = dayjs('2026-11-06T18:30:10');
    expect(rangeToQuery([start, end])).toEqual({ from: dayjs('2026-11-05T00:00:00').format(), to: dayjs('2026-11-06T23:59:59.999').format() });
    expect(rangeToQuery([start, end], true)).toEqual({ from: dayjs('2026-11-05T09:30:00').format(), to: dayjs('2026-11-06T18:30:59.999').format() });
    expect(rangeToQuery([null, end], true).from).toBeUndefined();
  });
});

describe('department tree', () => {
  const depts = [
    { id: 1, name: '编辑部', parentId: null, sort: 0, userCount: 2, totalCount: 5 },
    { id: 2, name: '新闻组', parentId: 1, sort: 0, userCount: 3, totalCount: 3 },
    { id: 3, name: '快讯', parentId: 2, sort: 0, userCount: 0, totalCount: 0 },
    { id: 4, name: '运营部', parentId: null, sort: 1, userCount: 0, totalCount: 0 },
  ];
  it('finds the ancestors to open for a chosen department', () => {
    expect(ancestorIds(depts, 3)).toEqual([2, 1]);
    expect(ancestorIds(depts, 1)).toEqual([]);
  });
  it('carries own and aggregated counts', () => {
    const [root] = buildDeptTree(depts);
    expect([root.userCount, root.totalCount]).toEqual([2, 5]);
    expect(root.children[0].totalCount).toBe(3);
  });
  it('limits the picker to a manager’s own department and below', () => {
    const limited = limitTree(buildDeptTree(depts), subtreeOf(depts, 2));
    expect(limited[0].disabled).toBe(true);
    expect(limited[0].children[0].disabled).toBe(false);
    expect(limited[0].children[0].children[0].disabled).toBe(false);
    expect(limited[1].disabled).toBe(true);
  });
});

describe('every page has its own document title', () => {
  it('titles a page 名称 - CMS网站管理系统; the login screen keeps the product title', () => {
    expect(pageTitle('/department')).toBe('部门与员工 - CMS网站管理系统');
    expect(pageTitle('/login')).toBe('CMS网站管理系统');
  });
  it.each(ROUTES.filter((r) => r.layout !== 'login').map((r) => r.path))('%s exports metadata from routeMetadata', async (route) => {
    const group = ROUTES.find((r) => r.path === route)!.layout;
    const file = path.join(process.cwd(), 'app', `(${group})`, route === '/' ? '' : route, 'page.tsx');
    // A declared plain screen has no page file: the catch-all page names it by its route.
    if ((await screenDeclarations()).some((s) => s.def.permission === route)) {
      expect(existsSync(file), `${file} would shadow the declared screen`).toBe(false);
      expect(readFileSync(path.join(process.cwd(), 'app/(default)/[...path]/page.tsx'), 'utf8')).toContain('routeMetadata(await pathOf(props))');
      return;
    }
    expect(existsSync(file), file).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain(`routeMetadata('${route}')`);
  });
});
