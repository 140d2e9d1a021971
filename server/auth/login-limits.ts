import { and, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { loginLogs } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * Sign-in limits, counted in the login log over a sliding window (DESIGN §3, docs/decisions.md).
 * No anonymous party can lock a known account: the hard limits are per address (with one account,
 * and in all), while failures on one account from many addresses only slow that account down.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  /** Wrong passwords from one address for one username, then 429 for that pair. */
  perAccountAndIp: 5,
  /** Failures from one address over all usernames, then 429 for that address. */
  perIp: 30,
  /** The per-address allowance while the unknown-username budget is spent (a spraying attack). */
  perIpUnderAttack: 5,
  /** Wrong passwords for unknown usernames from everywhere, per window. */
  unknownUserBudget: 300,
  /** Failures on one username from all addresses before each attempt on it is slowed down. */
  slowAfter: 5,
  /** The first slow-down, doubled with every further failure, up to the ceiling. */
  delayMs: 500,
  delayMaxMs: 10_000,
  /**
   * Wrong sign-in codes (or recovery codes) for one account from all addresses, then 429 for its
   * code step (issue 26). Whoever reaches the code step holds the password already: the limit is
   * per account, so a million codes cannot be tried from many addresses.
   */
  codesPerAccount: 10,
} as const;

/** Log reasons of a wrong second factor (they count with the other failures per address too). */
export const CODE_FAILURE_REASONS = ['bad_totp', 'bad_recovery_code'] as const;

/** Log reasons that count as failed guesses. Refused attempts (`rate_limited`) are not counted again. */
export const FAILURE_REASONS = ['pending', 'bad_password', 'unknown_user', 'bad_current_password', 'bad_totp', 'bad_recovery_code'] as const;

/** How long an attempt on a username waits, given that username's recent failures from anywhere. */
export function accountDelayMs(failures: number): number {
  if (failures < LOGIN_LIMITS.slowAfter) return 0;
  return Math.min(LOGIN_LIMITS.delayMaxMs, LOGIN_LIMITS.delayMs * 2 ** Math.min(failures - LOGIN_LIMITS.slowAfter, 20));
}

const windowStart = () => new Date(Date.now() - LOGIN_LIMITS.windowMinutes * 60_000);

/** Failed guesses matching `match` in the window, counted up to `cap` (never a full count under attack). */
export async function recentFailures(db: DbOrTx, match: SQL, { cap, except }: { cap: number; except?: number }): Promise<number> {
  const rows = db
    .select({ one: sql`1` })
    .from(loginLogs)
    .where(
      and(
        match,
        eq(loginLogs.success, false),
        inArray(loginLogs.reason, [...FAILURE_REASONS]),
        gt(loginLogs.createdAt, windowStart()),
        except ? ne(loginLogs.id, except) : undefined,
      ),
    )
    .limit(cap)
    .as('recent');
  const [{ n }] = await db.select({ n: count() }).from(rows);
  return n;
}
