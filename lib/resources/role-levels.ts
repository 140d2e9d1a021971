/**
 * 角色's data scopes (数据范围). On their own, without zod: the permission checks every screen and the
 * sign-in page load (lib/permissions.ts) need the labels, not the role's schema (issue 17).
 */
export const LEVEL_OPTIONS = [
  { label: '全部数据', value: 1 },
  { label: '本部门数据', value: 2 },
  { label: '仅本人数据', value: 3 },
];
