import { ROUTES } from '../../lib/routes';
import { forbidden } from '../http/errors';
import type { SessionUser } from '../http/types';

/**
 * No one hands out more than they hold: a user who is not a super-administrator may only grant
 * route permissions they have themselves, and no wider data scope than their own. Returns why a
 * grant is refused, or null when it is allowed.
 */
function grantRefusal(user: SessionUser, { routes, level }: { routes?: readonly string[]; level?: number }): string | null {
  if (user.isSuper) return null;
  const missing = (routes ?? []).filter((r) => !user.routes.has(r));
  if (missing.length) return `不能授予自己没有的权限：${missing.map((p) => ROUTES.find((r) => r.path === p)?.name ?? p).join('、')}`;
  if (level !== undefined && level < user.level) return '不能授予比自己更大的数据范围';
  return null;
}

export function canGrant(user: SessionUser, grant: { routes?: readonly string[]; level?: number }): boolean {
  return grantRefusal(user, grant) === null;
}

export function assertCanGrant(user: SessionUser, grant: { routes?: readonly string[]; level?: number }) {
  const refusal = grantRefusal(user, grant);
  if (refusal) throw forbidden(refusal);
}
