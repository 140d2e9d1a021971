import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deliverySecrets } from '../db/schema';
import type { DbOrTx } from '../db/types';

/**
 * Preview tokens (DESIGN §12): a short-lived signed token naming one item, made from the editor by
 * someone who may edit it (server/delivery/routes.ts), that lets the site show the item as it is
 * now, published or not (`/content-api/v1/preview/{token}`). `<type>.<id>.<expires, s>.<HMAC-SHA256>`,
 * signed with the delivery side's secret (made on first use and kept in the database, so every
 * instance checks what another signed).
 */

export const PREVIEW_TYPES = ['article', 'video'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];
/** How long a preview link works. */
export const PREVIEW_TTL_MS = 2 * 60 * 60_000;

const secrets = new WeakMap<object, string>();

async function secretOf(db: DbOrTx): Promise<string> {
  const known = secrets.get(db);
  if (known) return known;
  await db
    .insert(deliverySecrets)
    .values({ id: 1, previewSecret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: deliverySecrets.previewSecret }).from(deliverySecrets).where(eq(deliverySecrets.id, 1));
  secrets.set(db, row.secret);
  return row.secret;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`cms-preview:${body}`).digest('base64url');

export async function makePreviewToken(db: DbOrTx, item: { type: PreviewType; id: number }, now: Date, ttlMs = PREVIEW_TTL_MS) {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  const body = `${item.type}.${item.id}.${expires}`;
  return { token: `${body}.${sign(await secretOf(db), body)}`, expiresAt: new Date(expires * 1000) };
}

/** The item a token names while it is valid, else null (malformed, forged or expired alike). */
export async function readPreviewToken(db: DbOrTx, token: string, now: Date): Promise<{ type: PreviewType; id: number; expiresAt: Date } | null> {
  const m = /^(article|video)\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, type, id, expires, signature] = m;
  const expected = Buffer.from(sign(await secretOf(db), `${type}.${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { type: type as PreviewType, id: Number(id), expiresAt };
}
