import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { APP_TITLE } from '../../lib/constants';
import { z } from 'zod';
import {
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_MESSAGE,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_MESSAGE,
  TOTP_CODE_PATTERN,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_SECRET_MESSAGE,
  TOTP_SECRET_PATTERN,
} from '../../lib/totp';
import { totpRecoveryCodes, users } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * TOTP (RFC 6238) with `otpauth`: SHA-1, 6 digits, 30 s, the parameters every authenticator app
 * (Google, Microsoft, 阿里云, the 微信/钉钉 mini-programs) reads from the QR code.
 * @see docs/decisions.md "Issue 26"
 */
const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: APP_TITLE, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** Input of the code steps (the formats of lib/totp.ts): 400 with these messages. */
export const totpCode = z
  .string({ error: '请输入验证码' })
  .max(32, TOTP_CODE_MESSAGE)
  .transform(normalizeTotpCode)
  .pipe(z.string().min(1, '请输入验证码').regex(TOTP_CODE_PATTERN, TOTP_CODE_MESSAGE));

export const recoveryCode = z
  .string({ error: '请输入恢复码' })
  .max(32, RECOVERY_CODE_MESSAGE)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().min(1, '请输入恢复码').regex(RECOVERY_CODE_PATTERN, RECOVERY_CODE_MESSAGE));

export const totpSecret = z
  .string({ error: TOTP_SECRET_MESSAGE })
  .max(64, TOTP_SECRET_MESSAGE)
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(TOTP_SECRET_PATTERN, TOTP_SECRET_MESSAGE));

/** A new secret: 20 random bytes as base32 (32 characters). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` link the QR code carries. */
export const otpauthUrl = (secret: string, username: string) => totpOf(secret, username).toString();

/** The time step of a moment. */
export const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** Steps around now a code may belong to: one step of clock drift either way. */
export const DRIFT_STEPS = 1;

/**
 * The time step `code` belongs to, within ±1 step of `now` and after `lastStep` (a code of a step
 * already used is refused: a replay); null when it matches none.
 */
export function matchCode(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const totp = totpOf(secret);
  const current = stepOf(now);
  const given = Buffer.from(code);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = Buffer.from(totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/**
 * Records that a code of `step` was used, unless one of that step or later was (two requests with
 * the same code at once: only one wins). True when recorded.
 */
export async function consumeStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Recovery codes are high-entropy (40 bits) and single-use: a salted SHA-256 is enough. */
export const hashRecoveryCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Ten new recovery codes (replacing any earlier ones); returns them in the clear, once. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    let code = '';
    for (let i = 0; i < 8; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(code);
  }
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return [...codes];
}

/** Uses a recovery code: true when it was one of the account's and unused (it never works again). */
export async function consumeRecoveryCode(db: DbOrTx, userId: number, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, hashRecoveryCode(userId, code)), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

/** Turns two-step sign-in off for an account (the owner disabling it, or an administrator resetting it). */
export async function clearTotp(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
}
