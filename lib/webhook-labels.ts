/**
 * Webhook endpoints and their deliveries (DESIGN §12; issue 24 items 4–5): what the 站点接口 screens
 * and the editors' side panel call things. No zod here: the screens import this module, and the
 * schemas (lib/webhooks.ts, which re-exports all of this) stay out of their first load (issue 25).
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
