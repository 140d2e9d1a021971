import { ROUTES } from '../../lib/routes';
import { forbidden } from '../http/reply';
import type { SessionUser } from '../http/types';

/**
 * No one hands out more than they hold: a user who is not a super-administrator may only grant
 * route permissions they have themselves, and no wider data scope than their own.
 */
export function canGrant(user: SessionUser, grant: { routes?: readonly string[]; level?: number }): boolean {
  if (user.isSuper) return true;
  return (grant.routes ?? []).every((r) => user.routes.has(r)) && (grant.level === undefined || grant.level >= user.level);
}

export function assertCanGrant(user: SessionUser, { routes, level }: { routes?: readonly string[]; level?: number }) {
  if (user.isSuper) return;
  const missing = (routes ?? []).filter((r) => !user.routes.has(r));
  if (missing.length) {
    const names = missing.map((p) => ROUTES.find((r) => r.path === p)?.name ?? p).join('、');
    throw forbidden(`不能授予自己没有的权限：${names}`);
  }
  if (level !== undefined && level < user.level) throw forbidden('不能授予比自己更大的数据范围');
}
