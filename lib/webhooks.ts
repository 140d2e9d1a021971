import { z } from 'zod';

/**
 * Webhook endpoints and their deliveries (DESIGN §12; issue 24 items 4–5): what the staff API
 * accepts and answers. The names the screens show are in lib/webhook-labels.ts (re-exported here),
 * which the screens import instead, without zod.
 */
import { DELIVERY_STATES, ENDPOINT_STATES, type DeliveryState, type EndpointState } from './webhook-labels';

export * from './webhook-labels';

const url = z
  .string({ error: '请填写推送地址' })
  .trim()
  .min(1, '请填写推送地址')
  .max(2048, '推送地址不能超过 2048 个字符')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
    } catch {
      return false;
    }
  }, '推送地址必须是 http:// 或 https:// 开头的完整网址（不含账号密码）');

const events = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[a-z_]{1,20}\.[a-z_]{1,24}$/, '事件类型格式不对（例如 article.published）'),
    { error: '事件类型必须是列表' },
  )
  .max(32, '最多选择 32 种事件')
  .transform((list) => [...new Set(list)]);

export const webhookCreateSchema = z.object({
  name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(64, '名称不能超过 64 个字符'),
  url,
  /** Empty or absent: every event. */
  events: events.default([]),
});

export const webhookUpdateSchema = z.object({
  name: webhookCreateSchema.shape.name.optional(),
  url: url.optional(),
  events: events.optional(),
  /** true pauses, false resumes (a resumed endpoint sends what waited). */
  paused: z.boolean({ error: '暂停只能是 true 或 false' }).optional(),
  /** true: a new secret is made and shown this once; the old one stops signing at once. */
  rotateSecret: z.boolean({ error: 'rotateSecret 只能是 true 或 false' }).optional(),
});

/** Loopback, private, link-local, carrier-grade NAT, unique-local and unspecified addresses (IPv4 and IPv6). */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase();
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(v4);
  if (m) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    return (
      x === 0 ||
      x === 10 ||
      x === 127 ||
      (x === 100 && y >= 64 && y <= 127) ||
      (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168)
    );
  }
  return (
    a === '::' ||
    a === '::1' ||
    a.startsWith('fc') ||
    a.startsWith('fd') ||
    a.startsWith('fe8') ||
    a.startsWith('fe9') ||
    a.startsWith('fea') ||
    a.startsWith('feb')
  );
}

/*
 * What the webhook routes answer (server/delivery/webhooks/routes.ts, `answers`): the browser's
 * row types are their `z.output` (types only; zod stays on the server at run time).
 */
const time = z.string();

/** One endpoint as `PUT /api/webhooks/{id}` answers it (never its secret, but after a create or a rotation). */
export const webhookEndpointRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  paused: z.boolean(),
  pauseReason: z.string(),
  pausedAt: time.nullable(),
  failingSince: time.nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: time,
  updatedAt: time,
  state: z.enum(Object.keys(ENDPOINT_STATES) as [EndpointState, ...EndpointState[]]),
  /** Shown this once: after a create, or when `rotateSecret` made a new one. */
  secret: z.string().optional(),
});

/** `GET /api/webhooks`: every endpoint (at most 50) with what waits for it. */
export const webhookEndpointList = z.object({
  list: z.array(webhookEndpointRecord.omit({ secret: true }).extend({ waiting: z.number().int(), retrying: z.number().int() })),
  total: z.number().int(),
});

/** One delivery (one event × one endpoint) as the log lists it. */
export const webhookDeliveryRecord = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  endpointName: z.string(),
  eventId: z.number().int().nullable(),
  messageId: z.string(),
  type: z.string(),
  contentType: z.string(),
  contentId: z.number().int(),
  state: z.enum(Object.keys(DELIVERY_STATES) as [DeliveryState, ...DeliveryState[]]),
  attempts: z.number().int(),
  nextAttemptAt: time,
  lastStatus: z.number().int().nullable(),
  lastError: z.string(),
  lastAttemptAt: time.nullable(),
  latencyMs: z.number().int().nullable(),
  createdAt: time,
});

/** One delivery with its body, the last response and its attempts (newest first, at most 50). */
export const webhookDeliveryDetail = webhookDeliveryRecord.extend({
  endpointUrl: z.string(),
  payload: z.record(z.string(), z.unknown()),
  responseExcerpt: z.string(),
  attemptLog: z.array(
    z.object({
      attempt: z.number().int(),
      status: z.number().int(),
      ok: z.boolean(),
      error: z.string(),
      latencyMs: z.number().int(),
      responseExcerpt: z.string(),
      at: time,
    }),
  ),
});

/** `GET /api/webhook_deliveries/summary`: what the site was told of one item (the editors' side panel). */
export const webhookItemSummary = z.object({
  last: z
    .object({
      type: z.string(),
      createdAt: time,
      succeeded: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
      succeededAt: time.nullable(),
    })
    .nullable(),
  canOpenLog: z.boolean(),
});
