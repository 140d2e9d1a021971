import { z } from 'zod';

/**
 * Webhook endpoints and their deliveries (DESIGN §12; issue 24 items 4–5): what the staff API
 * accepts and what the 站点接口 screens and the editors' side panel call things. Shared by the
 * server routes and the screens.
 */

/** The change events a site can subscribe to, with their names on the screens (every type server/events and the operations lists write). Others (new families) are accepted by shape. */
export const WEBHOOK_EVENT_TYPES = {
  'article.published': '文章发布',
  'article.updated': '已发布文章更新',
  'article.unpublished': '文章下线',
  'video.published': '短视频发布',
  'video.updated': '已发布短视频更新',
  'video.unpublished': '短视频下线',
  'focus.changed': '焦点图变化',
  'ads.changed': '广告变化',
  'focus.flushed': '焦点图刷新',
  'keywords.changed': '搜索关键词变化',
  'nav.changed': '导航图标变化',
  'friend_links.changed': '友情链接变化',
  'brands.changed': '品牌变化',
  'topics.changed': '专题变化',
  'albums.changed': '专辑变化',
  'categories.changed': '分类变化',
} as const;

/** The event 发送测试 sends. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const webhookEventLabel = (type: string) => (type === WEBHOOK_TEST_TYPE ? '测试事件' : ((WEBHOOK_EVENT_TYPES as Record<string, string>)[type] ?? type));

export const DELIVERY_STATES = {
  pending: '等待推送',
  failed: '失败，等待重试',
  succeeded: '推送成功',
  dead: '已放弃',
} as const;
export type DeliveryState = keyof typeof DELIVERY_STATES;

/** The log's 结果 filter: 失败 covers both a failure that will be retried and one given up. */
export const DELIVERY_RESULTS = { succeeded: '成功', failed: '失败', pending: '等待中' } as const;
export type DeliveryResult = keyof typeof DELIVERY_RESULTS;

export type EndpointState = 'active' | 'failing' | 'paused' | 'paused_failing';
export const ENDPOINT_STATES: Record<EndpointState, string> = {
  active: '正常',
  failing: '推送失败中',
  paused: '已暂停',
  paused_failing: '持续失败已暂停',
};

export function endpointState(e: { paused: boolean; pauseReason: string; failingSince: Date | string | null }): EndpointState {
  if (e.paused) return e.pauseReason === 'failing' ? 'paused_failing' : 'paused';
  return e.failingSince ? 'failing' : 'active';
}

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
