/**
 * What the viewer may do, as the screens show it: the same rules the server enforces
 * (server/auth/grants.ts, server/auth/scope.ts, server/routes/users.ts), so a button the server
 * would refuse is disabled with the reason instead of offered and then refused. The server's
 * checks are the ones that count; these only explain. Pure, unit-tested.
 * @see DESIGN §3, docs/decisions.md (issue 11)
 */
import { LEVEL_OPTIONS } from './resources/role-levels';
import { ALWAYS_ALLOWED } from './guard';
import { findRoute, type AuthMap } from './routes';
import type { LibraryKind } from './api/media';
import type { PicItem as MediaItem } from './api/types';

export interface Viewer {
  id: number;
  isSuper: boolean;
  /** Data scope: 1 all, 2 own department and below, 3 own records. */
  level: 1 | 2 | 3;
  departmentId: number | null;
  /** Route paths the viewer holds. */
  routes: ReadonlySet<string>;
}

export function viewerFrom(info: { id: number; isSuper?: boolean; level?: number; departmentId?: number | null }, auth: AuthMap): Viewer {
  const level = info.isSuper ? 1 : info.level === 1 || info.level === 2 ? info.level : 3;
  return {
    id: info.id,
    isSuper: Boolean(info.isSuper),
    level,
    departmentId: info.departmentId ?? null,
    routes: new Set(Object.keys(auth).filter((p) => !(ALWAYS_ALLOWED as readonly string[]).includes(p))),
  };
}

/**
 * Why the viewer may not write what the route `route` manages (add, edit, switch, reorder, delete),
 * or null. Read-only viewers see such lists (reference data for pickers) with the writes disabled;
 * while the viewer is still loading nothing is offered yet. The one rule every list screen takes its
 * 新增 button, row actions, switches and drag handles from (`useResourceScreen`).
 */
export function writeRefusal(viewer: Viewer | null, route: string, label: string = findRoute(route)?.name ?? route): string | null {
  if (!viewer) return '正在加载权限';
  return viewer.isSuper || viewer.routes.has(route) ? null : `没有「${label}」的权限，只能查看`;
}

/** Which records the viewer's data scope covers. */
export type ScopeKind = 'all' | 'department' | 'self';

export function scopeKind(viewer: Viewer): ScopeKind {
  if (viewer.isSuper || viewer.level === 1) return 'all';
  if (viewer.level === 2 && viewer.departmentId !== null) return 'department';
  return 'self';
}

/** 你的数据范围：… — 全部数据, 编辑部及下属部门, or 仅本人. */
export function scopeText(viewer: Viewer, departmentName?: string | null): string {
  switch (scopeKind(viewer)) {
    case 'all':
      return '全部数据';
    case 'department':
      return `${departmentName || '本部门'}及下属部门`;
    case 'self':
      return '仅本人';
  }
}

/** The server's rule: nobody grants routes they do not hold, or a wider data scope than theirs. */
export function grantRefusal(
  viewer: Viewer,
  grant: { routes?: readonly string[]; level?: number },
  routeName: (path: string) => string = (p) => p,
): string | null {
  if (viewer.isSuper) return null;
  const missing = (grant.routes ?? []).filter((r) => !viewer.routes.has(r));
  if (missing.length) return `包含你没有的权限：${missing.map(routeName).join('、')}`;
  if (grant.level !== undefined && grant.level < viewer.level)
    return `数据范围「${LEVEL_OPTIONS.find((o) => o.value === grant.level)?.label ?? grant.level}」比你的大`;
  return null;
}

/** Roles are written only with the 全部数据 scope (the server says so too). */
export function roleWriteRefusal(viewer: Viewer): string | null {
  return scopeKind(viewer) === 'all' ? null : '修改角色需要「全部数据」的数据范围';
}

/** The department tree changes only with the 全部数据 scope. */
export function structureRefusal(viewer: Viewer): string | null {
  return scopeKind(viewer) === 'all' ? null : '调整部门结构需要「全部数据」的数据范围';
}

export interface StaffTarget {
  id: number;
  isSuper: boolean;
  roleId: number | null;
  enabled?: boolean;
}

/**
 * Why the viewer may not manage (edit, reset, disable, delete) this account, or null. Managing an
 * account is as good as holding its permissions, so a stronger account is out of reach.
 */
export function manageRefusal(
  viewer: Viewer,
  target: StaffTarget,
  roleOf: (id: number) => { routes: readonly string[]; level: number } | undefined,
): string | null {
  if (target.isSuper && !viewer.isSuper) return '只有超级管理员可以管理超级管理员';
  if (!viewer.isSuper && target.id !== viewer.id && target.roleId !== null) {
    const role = roleOf(target.roleId);
    if (role && grantRefusal(viewer, role) !== null) return '此员工的权限比你大，不能管理';
  }
  return null;
}

/** Delete: one's own account never; otherwise as `manageRefusal`. */
export function deleteStaffRefusal(viewer: Viewer, target: StaffTarget, roleOf: Parameters<typeof manageRefusal>[2]): string | null {
  if (target.id === viewer.id) return '不能删除自己的账号';
  return manageRefusal(viewer, target, roleOf);
}

/** Disable: one's own account never; otherwise as `manageRefusal`. */
export function toggleStaffRefusal(viewer: Viewer, target: StaffTarget, roleOf: Parameters<typeof manageRefusal>[2]): string | null {
  if (target.id === viewer.id) return '不能停用自己的账号';
  return manageRefusal(viewer, target, roleOf);
}

/** Reset: one's own password is changed in 个人资料 with the current password. */
export function resetPasswordRefusal(viewer: Viewer, target: StaffTarget, roleOf: Parameters<typeof manageRefusal>[2]): string | null {
  if (target.id === viewer.id) return '自己的密码请在「个人资料」中修改';
  return manageRefusal(viewer, target, roleOf);
}

/** Creating staff: not for a viewer whose scope is only themselves. */
export function createStaffRefusal(viewer: Viewer): string | null {
  return scopeKind(viewer) === 'self' ? '你的数据范围是「仅本人」，不能新增员工' : null;
}

/** Deleting a department: not while it has members or sub-departments. */
export function deleteDepartmentRefusal(dept: { name: string; userCount?: number }, childCount: number): string | null {
  if ((dept.userCount ?? 0) > 0) return `「${dept.name}」下还有 ${dept.userCount} 名员工，请先把他们调到其他部门`;
  if (childCount > 0) return `「${dept.name}」下还有 ${childCount} 个下级部门，请先删除或移走它们`;
  return null;
}

/** Deleting a role: not while someone holds it. */
export function deleteRoleRefusal(role: { name: string; userCount?: number }): string | null {
  return (role.userCount ?? 0) > 0 ? `还有 ${role.userCount} 名员工使用角色「${role.name}」，请先为他们更换角色` : null;
}

/** The route that grants changing a library's items. */
export const MEDIA_ROUTES: Record<LibraryKind, string> = { pic: '/photo', video: '/video' };
const MEDIA_NOUN: Record<LibraryKind, string> = { pic: '图片', video: '视频' };

/**
 * The departments a 本部门 viewer's scope covers: their department and all below it, from the
 * department list (`/api/departments/tree`); null for a viewer with another scope.
 */
export function scopeDepartments(viewer: Viewer | null, departments: ReadonlyArray<{ id: number; parentId: number | null }>): Set<number> | null {
  if (!viewer || scopeKind(viewer) !== 'department') return null;
  const out = new Set<number>([viewer.departmentId!]);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of departments) {
      if (d.parentId === null || !out.has(d.parentId) || out.has(d.id)) continue;
      out.add(d.id);
      grew = true;
    }
  }
  return out;
}

/**
 * Why the viewer may not change (edit or delete) this library item, or null: the server's rule
 * (server/media/library.ts `assertMayChange`): the route, then the data scope — only one's own
 * uploads for 仅本人, only uploads of people in one's department or below for 本部门 (`departments`
 * from `scopeDepartments`; while it is unknown the server's answer stands).
 */
export function mediaEditRefusal(
  viewer: Viewer | null,
  kind: LibraryKind,
  item: Pick<MediaItem, 'uploaderId' | 'uploaderDepartmentId'>,
  departments: ReadonlySet<number> | null = null,
): string | null {
  if (!viewer) return '正在加载权限';
  if (viewer.isSuper) return null;
  if (!viewer.routes.has(MEDIA_ROUTES[kind])) return `没有「${MEDIA_NOUN[kind]}库」的管理权限，只能查看`;
  const scope = scopeKind(viewer);
  if (scope === 'self' && item.uploaderId !== viewer.id) return '你的数据范围是「仅本人」，只能修改自己上传的素材';
  if (scope === 'department' && departments && (item.uploaderId === null || !departments.has(item.uploaderDepartmentId ?? -1)))
    return '你的数据范围是「本部门及下属部门」，只能修改本部门上传的素材';
  return null;
}

/** Deleting a used item is refused by the server, naming its users; the library says so first. */
export function mediaDeleteRefusal(item: Pick<MediaItem, 'usageCount'>): string | null {
  return item.usageCount ? `已在 ${item.usageCount} 处使用，不能删除（预览里可看到用在哪里）` : null;
}
