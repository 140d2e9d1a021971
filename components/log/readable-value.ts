import { LEVEL_OPTIONS } from '@/lib/resources/role-levels';
import { ROUTES } from '@/lib/routes';
import { formatTime } from './time';

const ROUTE_NAMES = new Map(ROUTES.map((r) => [r.path, r.name]));
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A snapshot value as staff read it: names for route paths and data scopes, local times, 是/否. */
export function readableValue(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (key === 'level' && typeof value === 'number') return LEVEL_OPTIONS.find((o) => o.value === value)?.label ?? String(value);
  if (key === 'routes' && Array.isArray(value)) return value.length ? value.map((p) => ROUTE_NAMES.get(String(p)) ?? String(p)).join('、') : '（无）';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatTime(value) : value;
  return JSON.stringify(value);
}
