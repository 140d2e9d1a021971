/**
 * The delivery API's families (DESIGN §12): what an API key may be limited to reading (`POST
 * /api/api_keys {families}`; none named: all). Each endpoint belongs to one (server/delivery
 * registry; tests/api check every route's family is listed here). Shared by the server's check and
 * 站点接口's key dialog.
 */
/** Where the delivery API is served. */
export const DELIVERY_BASE = '/content-api/v1';

export const DELIVERY_FAMILIES = [
  { value: 'articles', label: '文章' },
  { value: 'short_videos', label: '短视频' },
  { value: 'search', label: '搜索' },
  { value: 'preview', label: '预览' },
  { value: 'albums', label: '专辑' },
  { value: 'topics', label: '专题' },
  { value: 'categories', label: '分类' },
  { value: 'focus', label: '焦点图' },
  { value: 'ads', label: '广告' },
  { value: 'keywords', label: '搜索关键词' },
  { value: 'nav', label: '导航图标' },
  { value: 'friend_links', label: '友情链接' },
  { value: 'brands', label: '品牌' },
] as const;

export type DeliveryFamily = (typeof DELIVERY_FAMILIES)[number]['value'];
export const DELIVERY_FAMILY_VALUES = DELIVERY_FAMILIES.map((f) => f.value) as unknown as readonly [DeliveryFamily, ...DeliveryFamily[]];
export const familyLabel = (value: string) => DELIVERY_FAMILIES.find((f) => f.value === value)?.label ?? value;
