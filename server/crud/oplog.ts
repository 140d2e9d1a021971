import type { Context } from 'hono';
import { WORKFLOW_ACTIONS } from '../../lib/resources/workflow';
import { operationLogs } from '../db/schema';
import type { DbOrTx } from '../db/types';
import type { AppEnv } from '../http/types';

/** Operation types and their Chinese names (GET /api/log/operation_type). */
export const OPERATION_TYPES = {
  create: '新增',
  update: '修改',
  delete: '删除',
  restore: '恢复',
  sort: '排序',
  enable: '启用',
  disable: '停用',
  reset_password: '重置密码',
  change_password: '修改密码',
  update_profile: '修改个人资料',
  bind_dingtalk: '绑定钉钉',
  unbind_dingtalk: '解绑钉钉',
  enable_totp: '开启两步验证',
  disable_totp: '关闭两步验证',
  reset_totp: '重置两步验证',
  sign_out: '退出登录设备',
  // The publishing workflow (lib/resources/workflow.ts WORKFLOW_ACTIONS).
  ...WORKFLOW_ACTIONS,
  export: '导出',
  flush: '刷新',
  // Webhook endpoints (server/delivery/webhooks/routes.ts).
  pause: '暂停',
  resume: '恢复',
  rotate_secret: '更换密钥',
  test: '发送测试',
  replay: '重新推送',
} as const;

export type OperationType = keyof typeof OPERATION_TYPES;

const SECRET_KEYS = new Set(['passwordHash', 'password', 'secret', 'totpSecret', 'totpPendingSecret']);

/** A JSON-safe copy of a record without secrets (dates become ISO strings). */
export function snapshot(row: unknown): unknown {
  if (row === null || row === undefined) return null;
  return JSON.parse(JSON.stringify(row, (key, value) => (SECRET_KEYS.has(key) ? undefined : value)));
}

/**
 * Writes one operation-log row inside the caller's transaction, so a write that fails or is
 * refused leaves no log either. @see DESIGN §2
 */
export async function logOperation(
  tx: DbOrTx,
  c: Context<AppEnv>,
  entry: { type: OperationType; resource: string; resourceId?: string | number; summary: string; before?: unknown; after?: unknown },
) {
  const user = c.get('user');
  await tx.insert(operationLogs).values({
    userId: user?.id ?? null,
    username: user?.username ?? '',
    type: entry.type,
    resource: entry.resource,
    resourceId: entry.resourceId === undefined ? '' : String(entry.resourceId),
    summary: entry.summary.slice(0, 255),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: c.get('ip'),
  });
}
