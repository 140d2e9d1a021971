/** 运营管理's schemas: each declaration with its own (the server's), and the ads' edit and switch calls. */
import { z } from 'zod';
import { withSchema, appLinkUrl, imageUrl, isoTime, linkUrl, optionalId, optionalText, recordId, refId, requiredId, SORT, STAMPS, text } from './common';
import * as decl from '../operations';
import { AD_POSITIONS, type FocusGroup } from '../operations';

/** A point in time as the forms send it (ISO-8601 with a zone); the server stores a Date. */
export const dateTime = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .min(1, `请选择${label}`)
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, `${label}格式不正确`)
    .transform((v) => new Date(v));

/** An optional end: null (or absent) means no end (长期). */
export const optionalDateTime = (label: string) => z.union([dateTime(label), z.null()], { error: `${label}格式不正确` });

/** A required picture (from the library or a link). */
/** A picture that must be chosen: nothing chosen yet reads 「请选择图片」, not a type error (ux-2026-11-28 P3-2). */
export const requiredImage = (label: string) => imageUrl(label, `请选择${label}`).refine((v) => v !== '', `请选择${label}`);

const focusBase = {
  title: text('标题', 128),
  image: requiredImage('图片'),
  url: linkUrl('链接').default(''),
  articleId: optionalId('文章').optional(),
  videoId: optionalId('视频').optional(),
  startAt: dateTime('开始时间'),
  endAt: optionalDateTime('结束时间').optional(),
  enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
};

const platformCode = z
  .string({ error: '请选择平台' })
  .trim()
  .min(1, '请选择平台')
  .max(32, '平台代码不能超过 32 个字符')
  .regex(/^[a-z][a-z0-9_-]*$/, '平台不存在');

const AD_POSITION_CODES = AD_POSITIONS.map((p) => String(p.value)) as [string, ...string[]];

/** A focus family's schema: the slot's fields and what groups it (a platform code, a 频道). */
function focusSchema(group: FocusGroup) {
  const groupShape = group === 'platform' ? { platform: platformCode } : group === 'category' ? { categoryId: requiredId('频道') } : {};
  return z.object({ ...focusBase, ...groupShape });
}

/**
 * A slot as the focus lists answer it: its times as text, every family's grouping columns (one
 * table), and what the routes join in about the article or video it points at (server/routes/focus.ts).
 */
const focusRecord = {
  articleId: refId,
  videoId: refId,
  startAt: isoTime,
  endAt: isoTime.nullable(),
  platform: z.string(),
  categoryId: refId,
  updatedAt: isoTime,
  targetTitle: z.string().nullable(),
  targetOffline: z.boolean().nullable(),
  targetPending: z.boolean().nullable(),
  targetPublishAt: isoTime.nullable(),
};

export const focusHomeResource = withSchema(decl.focusHomeResource, focusSchema('platform'), { add: focusRecord });
export const focusChannelResource = withSchema(decl.focusChannelResource, focusSchema('category'), { add: focusRecord });
export const focusHomeRightResource = withSchema(decl.focusHomeRightResource, focusSchema('none'), {
  add: { ...focusRecord, flushedAt: isoTime.nullable() },
});
export const focusVideoResource = withSchema(decl.focusVideoResource, focusSchema('platform'), { add: focusRecord });

export const searchKeywordResource = withSchema(
  decl.searchKeywordResource,
  z.object({
    word: text('关键词', 64),
    url: linkUrl('链接').default(''),
    platform: z.enum(['app', 'm', 'pc'], { error: '平台必须是 APP、M 站或 PC' }),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...STAMPS, ...SORT } },
);

export const chameleonVersionResource = withSchema(
  decl.chameleonVersionResource,
  z.object({
    name: text('版本名称', 64),
    platform: z.enum(['app', 'm', 'pc'], { error: '平台必须是 APP、M 站或 PC' }).default('app'),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
    /** Create only: the version whose icons the new one starts with (server/routes/chameleons.ts). */
    copyFrom: optionalId('要复制的版本').optional(),
  }),
  { add: { updatedAt: isoTime, iconCount: z.number().int() }, omit: ['copyFrom'] },
);

export const chameleonTypeResource = withSchema(decl.chameleonTypeResource, z.object({ name: text('类型名称', 32) }), { add: { ...SORT, ...STAMPS } });

export const chameleonResource = withSchema(
  decl.chameleonResource,
  z.object({
    versionId: requiredId('版本'),
    typeId: requiredId('图标类型'),
    name: text('图标名称', 32),
    icon: requiredImage('图标'),
    url: appLinkUrl('链接').default(''),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...STAMPS, ...SORT } },
);

export const friendLinkResource = withSchema(
  decl.friendLinkResource,
  z.object({
    name: text('网站名称', 64),
    url: linkUrl('链接').refine((v) => v !== '', '请输入链接'),
    logo: imageUrl('Logo').default(''),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...STAMPS, ...SORT } },
);

export const brandResource = withSchema(
  decl.brandResource,
  z.object({
    name: text('品牌名称', 64),
    productBrandId: requiredId('车型库品牌'),
    /** The product host's name of the brand (taken from the built-in host itself when it is the one in use). */
    productBrandName: optionalText('车型库品牌名称', 64).optional(),
    logo: imageUrl('Logo').default(''),
    initial: z
      .string({ error: '首字母必须是 A–Z' })
      .trim()
      .toUpperCase()
      .max(1, '首字母必须是 A–Z 中的一个字母')
      .regex(/^[A-Z]?$/, '首字母必须是 A–Z 中的一个字母')
      .default(''),
    enabled: z.boolean({ error: '状态必须是启用或停用' }).default(true),
  }),
  { add: { ...SORT, ...STAMPS } },
);

export const advertiseResource = withSchema(
  decl.advertiseResource,
  z.object({
    name: text('广告名称', 64),
    position: z.enum(AD_POSITION_CODES, { error: '请选择广告位' }),
    image: requiredImage('广告图片'),
    url: linkUrl('链接').default(''),
    startAt: dateTime('开始时间'),
    endAt: optionalDateTime('结束时间').optional(),
    // No state: a new ad is stored 下线 (the column's default) and only `PUT /api/advertise/state/edit`
    // switches it (issue 14; docs/decisions.md), so nothing goes live before someone looks at it.
  }),
  {
    add: {
      startAt: isoTime,
      endAt: isoTime.nullable(),
      /** 0 下线, 1 上线 (`PUT /api/advertise/state/edit`). */
      state: z.union([z.literal(0), z.literal(1)]),
      ...SORT,
      ...STAMPS,
    },
  },
);

/** `PUT /api/advertise/edit`: with an id it edits that ad, without one it adds one (SEED §7 has no POST). */
export const advertiseEditSchema = advertiseResource.schema.partial().extend({ id: optionalId('广告').optional() });
export const advertiseStateSchema = z.object({
  id: requiredId('广告'),
  state: z.union([z.literal(0), z.literal(1)], { error: '状态必须是 0（下线）或 1（上线）' }),
});

/** `PUT /api/focus_home_right/flush/{id}`: the slot as pushed, whether it reached the site, and what was done. */
export const flushedSlot = focusHomeRightResource.record.extend({ pushed: z.boolean(), note: z.string() });

/** A published or scheduled article (or video) the slot form finds by title (`GET /api/focus_targets`). */
export const focusTargetsAnswer = z.object({
  list: z.array(z.object({ id: recordId, title: z.string(), cover: z.string(), status: z.number().int(), publishedAt: isoTime.nullable() })),
  /** false: this kind cannot be searched; `note` says why. */
  available: z.boolean(),
  note: z.string().optional(),
});
