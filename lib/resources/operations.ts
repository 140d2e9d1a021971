/**
 * 运营管理 (issue 9): focus slots, search keywords, navigation icons, friend links, brands and ads.
 * One declaration per resource, shared by forms and server (lib/resources/define.ts); their
 * schemas: schemas/operations.ts.
 * @see DESIGN §4, §5, SEED §7
 */
import { resourcePath } from '../query/keys';
import { allRowsRead } from '../query/reads';
import { declareResource, type FieldOption } from './define';
import { ALL_VALUE, ENABLED_FILTER, ENABLED_OPTIONS } from './common';
import { slotStatusAt, STATUS, type FocusTarget, type SlotStatus } from './publishing';

/** The cross-field rule of every period: the end comes after the start. null = fine. */
export function periodError(startAt: unknown, endAt: unknown): string | null {
  if (!startAt || !endAt) return null;
  const start = new Date(startAt as string).getTime();
  const end = new Date(endAt as string).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return end > start ? null : '结束时间必须晚于开始时间';
}

/**
 * Where a slot or ad stands now (the rule: `slotStatusAt` in publishing.ts). Expired wins over
 * switched off: it will not come back by itself. Focus slots only: `offline`, it would show but its
 * article or short video is no longer published, so readers would open a page that is gone (issue
 * 15); `pending`, its article or video is scheduled and not out yet, so readers do not see the slot
 * before it is (issue 24, review P2-2).
 */
export type { SlotStatus };
export const SLOT_STATUS: Record<SlotStatus, { label: string; color: string }> = {
  live: { label: '展示中', color: 'success' },
  scheduled: { label: '待上线', color: 'processing' },
  pending: { label: '待发布', color: 'orange' },
  offline: { label: '内容已下线', color: 'error' },
  expired: { label: '已过期', color: 'default' },
  disabled: { label: '已停用', color: 'warning' },
};
export const SLOT_STATUS_OPTIONS: FieldOption[] = (Object.keys(SLOT_STATUS) as SlotStatus[]).map((s) => ({ label: SLOT_STATUS[s].label, value: s }));

/**
 * The 状态 filter of the slot lists: by default what is still in play (展示中, 待上线, 内容已下线),
 * so the switched-off and expired ones a list gathers over weeks stay out of the way (there is no
 * delete); 全部 shows them (ux-2026-11-28 P2-3).
 */
export const CURRENT_VALUE = 'current';
export const SLOT_STATUS_FILTER = {
  name: 'status',
  label: '状态',
  input: 'select' as const,
  options: [{ label: '在用（未停用、未过期）', value: CURRENT_VALUE }, ...SLOT_STATUS_OPTIONS, { label: '全部', value: ALL_VALUE }],
  default: CURRENT_VALUE,
};

/** A slot's or an ad's status from a list row: the server says whether its content is gone (`targetOffline`) or not out yet (`targetPending`). */
export function slotStatus(
  slot: {
    enabled: boolean;
    startAt: string | Date;
    endAt: string | Date | null;
    targetOffline?: boolean;
    targetPending?: boolean;
    targetPublishAt?: string | Date | null;
  },
  now: Date = new Date(),
): SlotStatus {
  const target: FocusTarget = slot.targetOffline ? 'gone' : slot.targetPending ? { status: STATUS.scheduled, publishAt: slot.targetPublishAt ?? null } : null;
  return slotStatusAt(slot, target, now);
}

// ——— Focus families ———————————————————————————————————————————————————————————————

/** How a family's slots are grouped: by platform code, by category (频道), or one list. */
export type FocusGroup = 'platform' | 'category' | 'none';

/** The URL parameter holding a focus family's chosen group (none for a single list). */
export function focusGroupParam(group: FocusGroup): string {
  return group === 'category' ? 'categoryId' : 'platform';
}

/**
 * The group a focus list shows for the URL's `asked` value: an enabled platform the URL names, else
 * the first enabled one (null: none enabled yet); a channel only when the URL names one. The
 * screen (components/operations/focus-screen.tsx) and the server's first page agree through this.
 */
export function focusFixed(
  group: FocusGroup,
  asked: string | null | undefined,
  platforms: Array<{ code: string; enabled: boolean }>,
): { platform?: string; categoryId?: number } | null {
  if (group === 'none') return {};
  if (group === 'category') return Number(asked) ? { categoryId: Number(asked) } : null;
  const enabled = platforms.filter((p) => p.enabled);
  const code = enabled.find((p) => p.code === asked)?.code ?? enabled[0]?.code;
  return code ? { platform: code } : null;
}

function focusResource(name: string, label: string, permission: string, group: FocusGroup) {
  return declareResource({
    name,
    label,
    permission,
    sortable: true,
    keyword: ['title'],
    fields: [
      { name: 'title', label: '标题', list: true, form: true, required: true, max: 128 },
      { name: 'articleId', label: '文章或视频', form: true },
      ...(group === 'platform' ? [{ name: 'platform', label: '平台', form: true, input: 'select' as const, required: true }] : []),
      ...(group === 'category' ? [{ name: 'categoryId', label: '频道', form: true, input: 'treeSelect' as const, required: true }] : []),
      { name: 'image', label: '图片', form: true, input: 'image', required: true, help: '从图片库选择或上传' },
      { name: 'url', label: '链接', form: true, input: 'link', max: 512, placeholder: 'https://', help: '选了文章或视频时可不填', default: '' },
      { name: 'startAt', label: '开始时间', form: true, input: 'date', required: true },
      { name: 'endAt', label: '结束时间', form: true, input: 'date', placeholder: '不填则长期有效' },
      { name: 'enabled', label: '启用', form: true, input: 'switch' },
    ],
    filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '标题' }, SLOT_STATUS_FILTER],
    retire: '不能删除：停用或到期后不再展示；已停用、已过期的默认不列出，可在「状态」中选「全部」查看。',
    example: {
      title: '示例焦点图',
      image: 'https://example.com/focus.jpg',
      url: 'https://example.com/',
      startAt: '2026-01-01T00:00:00.000Z',
      enabled: true,
      ...(group === 'platform' ? { platform: 'app' } : group === 'category' ? { categoryId: 1 } : {}),
    },
    exampleNeeds: group === 'platform' ? { platform: 'platform.code' } : group === 'category' ? { categoryId: 'categories' } : undefined,
    noDelete: 'SEED §7 lists GET, POST, PUT, sort: a slot is switched off or ends',
  });
}

export const focusHomeResource = focusResource('focus_home', '首页焦点图', '/operation/focus', 'platform');
export const focusChannelResource = focusResource('focus_channel', '频道焦点图', '/operation/pcfocus', 'category');
export const focusHomeRightResource = focusResource('focus_home_right', '首页右侧焦点图', '/operation/pcfocus', 'none');
export const focusVideoResource = focusResource('focus_video', '视频焦点图', '/operation/videofocus', 'platform');

export const FOCUS_FAMILIES = [
  { resource: focusHomeResource, group: 'platform' as FocusGroup },
  { resource: focusChannelResource, group: 'category' as FocusGroup },
  { resource: focusHomeRightResource, group: 'none' as FocusGroup },
  { resource: focusVideoResource, group: 'platform' as FocusGroup },
];

export interface FocusSlot {
  id: number;
  title: string;
  image: string;
  url: string;
  articleId: number | null;
  videoId: number | null;
  /** The picked article's or video's title (null when it is gone or none was picked). */
  targetTitle: string | null;
  /** The picked article or video is no longer published (or gone): the slot reads 内容已下线. */
  targetOffline: boolean;
  /** The picked article or video is scheduled and not out yet: the slot reads 待发布 (readers do not see it before). */
  targetPending: boolean;
  /** When that scheduled article or video goes out (null when it is out, gone or none was picked). */
  targetPublishAt: string | null;
  platform: string;
  categoryId: number | null;
  startAt: string;
  endAt: string | null;
  sort: number;
  enabled: boolean;
  flushedAt?: string | null;
  updatedAt?: string;
}

/** One line of the workbench's reminder: focus slots whose content went offline, in one list. */
export interface OfflineFocusGroup {
  /** 首页焦点图 · APP */
  label: string;
  /** The screen, on that platform or channel, filtered to 内容已下线 (or 待发布). */
  href: string;
  count: number;
  /** Why readers do not see these slots: their content went offline, or is scheduled and not out yet. */
  reason: 'offline' | 'pending';
}

// ——— Search keywords ——————————————————————————————————————————————————————————————

export const KEYWORD_PLATFORMS: FieldOption[] = [
  { label: 'APP', value: 'app' },
  { label: 'M 站', value: 'm' },
  { label: 'PC', value: 'pc' },
];
/** Which screen (and permission) manages a platform's keywords. */
export const keywordRouteOf = (platform: string) => (platform === 'pc' ? '/operation/pckeywords' : '/operation/keywords');

export const searchKeywordResource = declareResource({
  name: 'search_keywords',
  label: '搜索关键词',
  permission: '/operation/keywords',
  sortable: true,
  titleField: 'word',
  keyword: ['word'],
  fields: [
    { name: 'word', label: '关键词', list: { width: 200, ellipsis: true }, form: true, required: true, max: 64 },
    { name: 'platform', label: '平台', list: { width: 80, tag: true }, form: true, input: 'radio', options: KEYWORD_PLATFORMS, required: true },
    { name: 'url', label: '链接', list: { width: 260 }, form: true, input: 'link', max: 512, placeholder: 'https://（可选：点击直达的页面）', default: '' },
    { name: 'enabled', label: '状态', list: { width: 80, title: '启用' }, form: true, input: 'switch' },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '关键词' }, ENABLED_FILTER],
  example: { word: '新能源', url: 'https://example.com/ev', platform: 'app', enabled: true },
  noDelete: 'SEED §7 lists GET, POST, PUT, sort: a keyword is switched off instead',
});

// ——— Navigation icons —————————————————————————————————————————————————————————————

export const chameleonVersionResource = declareResource({
  name: 'chameleon_version',
  label: '导航版本',
  permission: '/operation/nav',
  keyword: ['name'],
  fields: [
    { name: 'name', label: '版本名称', list: true, form: true, required: true, max: 64, placeholder: '如 6.2.0' },
    { name: 'platform', label: '平台', list: { width: 90 }, form: true, input: 'radio', options: KEYWORD_PLATFORMS, required: true, default: 'app' },
    { name: 'enabled', label: '状态', list: { width: 90 }, form: true, input: 'switch', help: '启用的版本是线上正在用的版本' },
    {
      name: 'copyFrom',
      label: '复制图标',
      form: 'create',
      stored: false,
      input: 'select',
      placeholder: '不复制（空版本）',
      help: '从已有版本复制全部图标（图片、链接、顺序和开关），之后可逐个修改',
    },
  ],
  example: { name: '9.9.0', platform: 'app', enabled: true },
  noDelete: 'SEED §7 lists GET, POST, PUT: a version is switched off, its icons stay',
});

export const chameleonTypeResource = declareResource({
  name: 'chameleon_type',
  label: '图标类型',
  permission: '/operation/nav',
  // Added at the end of the list (the screen shows them in that order), though not dragged.
  unique: [{ field: 'name', message: '图标类型名称已存在' }],
  fields: [{ name: 'name', label: '类型名称', list: true, form: true, required: true, max: 32, placeholder: '如 金刚区、底部导航' }],
  example: { name: '示例图标类型' },
  noDelete: 'SEED §7 lists POST, PUT',
});

export const chameleonResource = declareResource({
  name: 'chameleon',
  label: '导航图标',
  permission: '/operation/nav',
  sortable: true,
  keyword: ['name'],
  fields: [
    { name: 'name', label: '图标名称', list: true, form: true, required: true, max: 32 },
    { name: 'typeId', label: '图标类型', form: true, input: 'select', required: true },
    { name: 'icon', label: '图标', form: true, input: 'image', required: true, help: '从图片库选择或上传（建议正方形 PNG）' },
    {
      name: 'url',
      label: '链接',
      form: true,
      input: 'link',
      max: 512,
      placeholder: 'https:// 或 App 内链接，如 truckapp://news',
      help: '可填网页链接，或 App 内页面的链接（如 truckapp://news）',
      default: '',
    },
    { name: 'enabled', label: '状态', form: true, input: 'switch' },
  ],
  example: { versionId: 1, typeId: 1, name: '示例图标', icon: 'https://example.com/icon.png', url: 'https://example.com/', enabled: true },
  exampleNeeds: { versionId: 'chameleon_version', typeId: 'chameleon_type' },
  noDelete: 'SEED §7 lists GET, POST, PUT, sort: an icon is switched off instead',
});

/** 导航图标's versions and icon types (every one: 100 a page), read by the screen and by its page on the server. */
export const NAV_VERSIONS_READ = allRowsRead(resourcePath(chameleonVersionResource));
export const NAV_TYPES_READ = allRowsRead(resourcePath(chameleonTypeResource));

/** The version 导航图标 shows: the one the URL names, else the first. */
export function navVersion<V extends { id: number }>(versions: V[], asked: string | null | undefined): V | null {
  return versions.find((v) => v.id === Number(asked)) ?? versions[0] ?? null;
}

/** What one icon type's list of a version asks (the version's id, not the URL's `version`). */
export function navIconsFixed(versionId: number, typeId: number) {
  return { versionId, typeId, version: undefined };
}

// ——— Friend links ————————————————————————————————————————————————————————————————

export const friendLinkResource = declareResource({
  name: 'friend_links',
  label: '友情链接',
  permission: '/operation/friendLinks',
  sortable: true,
  keyword: ['name', 'url'],
  unique: [{ field: 'name', message: '已有同名的友情链接' }],
  mediaOwner: 'friend_link',
  fields: [
    { name: 'name', label: '网站名称', list: { width: 180, ellipsis: true }, form: true, required: true, max: 64 },
    { name: 'url', label: '链接', list: { width: 260 }, form: true, input: 'link', required: true, max: 512, placeholder: 'https://' },
    { name: 'logo', label: 'Logo', list: true, form: true, input: 'image', help: '可选：从图片库选择或上传', default: '' },
    { name: 'enabled', label: '状态', list: { width: 80, title: '启用' }, form: true, input: 'switch' },
    { name: 'updatedAt', label: '更新时间', list: { width: 150 }, input: 'date' },
  ],
  // Friend links have a delete (and 撤销): nothing hidden by default.
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '网站名称或链接' },
    { name: 'enabled', label: '状态', input: 'select', options: ENABLED_OPTIONS },
  ],
  example: { name: '示例网站', url: 'https://example.com', logo: '', enabled: true },
  screen: {
    order: ['logo', 'name', 'url', 'updatedAt'],
    narrowHidden: ['logo', 'updatedAt'],
    hint: '拖动左侧手柄调整网站底部友情链接的顺序；也可聚焦手柄后按 ↑ ↓。',
    formWidth: 640,
  },
});

// ——— Brands ——————————————————————————————————————————————————————————————————————

export const brandResource = declareResource({
  name: 'brands',
  label: '品牌',
  permission: '/operation/brand',
  keyword: ['name', 'productBrandName'],
  unique: [
    { field: 'name', message: '品牌名称已存在' },
    { field: 'productBrandId', message: '这个车型库品牌已经关联了另一个品牌' },
  ],
  mediaOwner: 'brand',
  example: { name: '示例品牌', productBrandId: 2, logo: '', enabled: true },
  noDelete: 'SEED §7 lists GET, POST, PUT: a brand is switched off instead',
  fields: [
    { name: 'productBrandId', label: '车型库品牌', form: true, input: 'select', required: true, help: '选择后自动带出名称和首字母' },
    { name: 'name', label: '品牌名称', list: { width: 160, ellipsis: true }, form: true, required: true, max: 64, sort: true },
    { name: 'productBrandName', label: '车型库品牌', list: { width: 160 } },
    { name: 'initial', label: '首字母', list: { width: 80 }, form: true, max: 1, placeholder: 'A–Z', sort: true, default: '' },
    { name: 'logo', label: 'Logo', list: { width: 72, square: true }, form: true, input: 'image', help: '从图片库选择或上传', default: '' },
    { name: 'enabled', label: '状态', list: { width: 80, title: '启用' }, form: true, input: 'switch' },
    { name: 'updatedAt', label: '更新时间', list: { width: 150 }, input: 'date' },
  ],
  filters: [{ name: 'keyword', label: '关键词', input: 'keyword', placeholder: '品牌名称' }, ENABLED_FILTER],
});

// ——— Ads ———————————————————————————————————————————————————————————————————————

/** Ad positions of the site (the site reads ads by these codes). */
export const AD_POSITIONS: FieldOption[] = [
  { label: '首页顶部通栏', value: 'home_top' },
  { label: '首页中部横幅', value: 'home_middle' },
  { label: '首页右侧', value: 'home_right' },
  { label: '文章页右侧', value: 'article_right' },
  { label: '文章页底部', value: 'article_bottom' },
  { label: '列表信息流', value: 'list_feed' },
  { label: 'APP 启动页', value: 'app_launch' },
];
export const AD_STATE = { off: 0, on: 1 } as const;

export const advertiseResource = declareResource({
  name: 'advertise',
  label: '广告',
  permission: '/operation/ad',
  keyword: ['name'],
  noDelete: 'SEED §7 lists GET /list, PUT /edit, PUT /state/edit: an ad is taken 下线 instead',
  ownContract: {
    reason: 'SEED §7 has no POST or PUT /{id}: `PUT /edit` adds (no id) or edits, `PUT /state/edit` switches',
    test: 'tests/api/operations.test.ts',
  },
  fields: [
    { name: 'name', label: '广告名称', list: { width: 180, ellipsis: true }, form: true, required: true, max: 64 },
    { name: 'position', label: '广告位', list: { width: 130 }, form: true, input: 'select', options: AD_POSITIONS, required: true },
    { name: 'image', label: '广告图片', list: { title: '图片' }, form: true, input: 'image', required: true, help: '从图片库选择或上传' },
    { name: 'url', label: '链接', list: true, form: true, input: 'link', max: 512, placeholder: 'https://', default: '' },
    { name: 'startAt', label: '开始时间', form: true, input: 'date', required: true },
    { name: 'endAt', label: '结束时间', form: true, input: 'date', placeholder: '不填则长期有效' },
  ],
  filters: [
    { name: 'keyword', label: '关键词', input: 'keyword', placeholder: '广告名称' },
    { name: 'position', label: '广告位', input: 'select', options: AD_POSITIONS },
    // One name for the switch (上线 / 下线) in the column, the filter and the status (ux-2026-11-28 P3-8).
    {
      name: 'status',
      label: '状态',
      input: 'select',
      options: [
        { label: '未过期', value: CURRENT_VALUE },
        { label: '展示中', value: 'live' },
        { label: '待上线', value: 'scheduled' },
        { label: '已下线', value: 'disabled' },
        { label: '已过期', value: 'expired' },
        { label: '全部', value: ALL_VALUE },
      ],
      default: CURRENT_VALUE,
    },
  ],
  retire: '不能删除：下线后不再展示；已过期的默认不列出，可在「状态」中选「全部」或「已过期」查看。',
});
