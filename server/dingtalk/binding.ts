import type { Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import { dingtalkTickets, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { logOperation } from '../crud/oplog';
import type { AppEnv } from '../http/types';

/**
 * Removes a person's DingTalk binding, and any binding they started and have not finished, in the
 * caller's transaction; logs it (`unbind_dingtalk`) with the summary `why(nick)` gives. A second way
 * to sign in is as strong as the password, so it goes wherever the password is changed or reset
 * (issue 14): a stolen session's binding does not outlive the owner's reaction. Returns whether
 * there was a binding.
 */
export async function removeDingtalkBinding(
  tx: DbOrTx,
  c: Context<AppEnv>,
  userId: number,
  log: { resource: 'profile' | 'users'; why: (nick: string) => string },
): Promise<boolean> {
  await tx.delete(dingtalkTickets).where(and(eq(dingtalkTickets.userId, userId), eq(dingtalkTickets.purpose, 'bind'), isNull(dingtalkTickets.usedAt)));
  const [row] = await tx.select({ unionId: users.dingtalkUnionId, nick: users.dingtalkNick }).from(users).where(eq(users.id, userId)).for('update');
  if (!row?.unionId) return false;
  await tx.update(users).set({ dingtalkUnionId: null, dingtalkNick: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await logOperation(tx, c, { type: 'unbind_dingtalk', resource: log.resource, resourceId: userId, summary: log.why(row.nick || row.unionId) });
  return true;
}
