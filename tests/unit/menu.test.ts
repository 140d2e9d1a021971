import { describe, expect, it } from 'vitest';
import { buildMenu, groupOf, withRouters } from '@/lib/menu';
import { labelOf } from '@/components/role/permission-editor';
import { isPathAllowed } from '@/lib/guard';
import { buildAuthMap, isPermissionRoute, PERMISSION_ROUTES, routesGrantedWith } from '@/lib/routes';

describe('menu building (SEED §4)', () => {
  it('adds each path as router', () => {
    expect(withRouters({ '/a': { name: 'A' } })).toEqual([{ name: 'A', router: '/a' }]);
  });

  it('skips ignored entries, groups by home, keeps entries without home top-level, in order', () => {
    const menu = buildMenu({
      '/': { name: '工作台', icon: 'HomeOutlined' },
      '/article/list': { name: '文章列表', home: '内容管理', icon: 'FileTextOutlined' },
      '/article/preview': { name: '预览', ignore: true },
      '/photo': { name: '图片库', home: '素材库', icon: 'PictureOutlined' },
      '/article/check': { name: '内容审核', home: '内容管理', icon: 'FileTextOutlined' },
    });
    expect(menu).toEqual([
      { id: '/', name: '工作台', router: '/', icon: 'HomeOutlined' },
      {
        id: 'group:内容管理',
        home: '内容管理',
        name: '内容管理',
        icon: 'FileTextOutlined',
        child: [
          { id: '/article/list', name: '文章列表', router: '/article/list', icon: 'FileTextOutlined', home: '内容管理' },
          { id: '/article/check', name: '内容审核', router: '/article/check', icon: 'FileTextOutlined', home: '内容管理' },
        ],
      },
      {
        id: 'group:素材库',
        home: '素材库',
        name: '素材库',
        icon: 'PictureOutlined',
        child: [{ id: '/photo', name: '图片库', router: '/photo', icon: 'PictureOutlined', home: '素材库' }],
      },
    ]);
  });

  it('an empty auth map gives an empty menu', () => {
    expect(buildMenu({})).toEqual([]);
  });

  it('a user allowed only /article/list sees the workbench and that one entry', () => {
    const menu = buildMenu(buildAuthMap(['/article/list', '/not/a/route']));
    expect(menu.map((m) => m.name)).toEqual(['工作台', '内容管理']);
    expect(menu[1].child!.map((c) => c.router)).toEqual(['/article/list']);
  });

  it('敏感词库 comes with 内容审核: in the map and the menu right after it, never on its own, never grantable (issue 15)', () => {
    const reviewer = buildAuthMap(['/article/check']);
    expect(Object.keys(reviewer)).toEqual(['/', '/article/check', '/article/sensitiveWords']);
    expect(buildMenu(reviewer)[1].child!.map((c) => c.name)).toEqual(['内容审核', '敏感词库']);
    expect(isPathAllowed('/article/sensitiveWords', reviewer)).toBe(true);
    // Granted alone (a role cannot save it, but a stale one might carry it) it gives nothing.
    expect(Object.keys(buildAuthMap(['/article/sensitiveWords', '/article/list']))).toEqual(['/', '/article/list']);
    expect(isPathAllowed('/article/sensitiveWords', buildAuthMap(['/article/list']))).toBe(false);
    expect(PERMISSION_ROUTES.map((r) => r.path)).not.toContain('/article/sensitiveWords');
    expect(isPermissionRoute('/article/sensitiveWords')).toBe(false);
    expect(routesGrantedWith('/article/check').map((r) => r.name)).toEqual(['敏感词库']);
    // The role editor says what the box includes.
    expect(labelOf({ path: '/article/check', name: '内容审核', home: '内容管理', icon: null, ignore: false })).toBe('内容审核（含敏感词库）');
    expect(labelOf({ path: '/article/list', name: '文章列表', home: '内容管理', icon: null, ignore: false })).toBe('文章列表');
  });

  it('finds the group of a path', () => {
    const menu = buildMenu(buildAuthMap(['/article/list', '/role']));
    expect(groupOf(menu, '/role')?.home).toBe('权限管理');
    expect(groupOf(menu, '/')).toBeUndefined();
  });
});
