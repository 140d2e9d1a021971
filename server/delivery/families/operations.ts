import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { AD_POSITIONS, AD_STATE } from '../../../lib/resources/operations';
import { adVisibility } from '../../../lib/resources/publishing';
import { advertise, brands, chameleons, chameleonTypes, chameleonVersions, friendLinks, searchKeywords } from '../../db/schema';
import { surrogate } from '../../events/keys';
import { appPlatform, earliestNext, family, listOf } from './common';

/**
 * The operations lists a site reads (DESIGN §12): ads by position, search keywords and navigation
 * icons by platform, friend links and brands. Each answer is one or two indexed reads of only the
 * columns a reader needs (no staff fields: names of ads, switches, sort numbers, timestamps).
 */

// ——— Ads ———————————————————————————————————————————————————————————————————————

/** At most this many ads in play per answer (a position shows a few). */
export const ADS_LIMIT = 200;
const POSITION_CODES = AD_POSITIONS.map((p) => String(p.value)) as [string, ...string[]];

export const adItem = z.object({ id: z.number().int(), position: z.string(), image: z.string(), url: z.string() });
export type AdItem = z.infer<typeof adItem>;
export const readerAd = (row: { id: number; position: string; image: string; url: string }): AdItem => ({
  id: row.id,
  position: row.position,
  image: row.image,
  url: row.url,
});
/** The columns a reader's ad and its window need (the ads answer and the window edges read the same). */
export const adReaderColumns = {
  id: advertise.id,
  position: advertise.position,
  image: advertise.image,
  url: advertise.url,
  state: advertise.state,
  startAt: advertise.startAt,
  endAt: advertise.endAt,
};
/** The keys a change of an ad makes stale: every ads answer, and its position's (both positions when it moved). */
export const adKeys = (...rows: Array<{ position?: unknown } | null | undefined>) => [
  surrogate.ads,
  ...new Set(rows.flatMap((r) => (r && typeof r.position === 'string' ? [surrogate.adPosition(r.position)] : []))),
];

export const adsFamily = family({
  family: 'ads',
  path: 'ads',
  summary: '广告（可按广告位 position）',
  query: z.object({ position: z.enum(POSITION_CODES, { error: '广告位不存在' }).optional() }),
  data: listOf(adItem),
  async handler(db, { position }, now) {
    // 上线 and not ended; those whose start is ahead give the answer's next change.
    const rows = await db
      .select(adReaderColumns)
      .from(advertise)
      .where(
        and(position ? eq(advertise.position, position) : undefined, eq(advertise.state, AD_STATE.on), or(isNull(advertise.endAt), gt(advertise.endAt, now))),
      )
      .orderBy(asc(advertise.position), asc(advertise.sort), desc(advertise.id))
      .limit(ADS_LIMIT);
    const seen = rows.map((r) => ({ r, v: adVisibility(r, now) }));
    return {
      data: { list: seen.filter((s) => s.v.visible).map((s) => readerAd(s.r)) },
      keys: [position ? surrogate.adPosition(position) : surrogate.ads],
      next: earliestNext(seen.map((s) => s.v.next)),
    };
  },
});

// ——— Search keywords ————————————————————————————————————————————————————————————————

export const KEYWORDS_LIMIT = 200;
export const keywordItem = z.object({ id: z.number().int(), word: z.string(), url: z.string() });
export const readerKeyword = (row: { id: number; word: string; url: string; enabled: boolean }) =>
  row.enabled ? { id: row.id, word: row.word, url: row.url } : null;

export const keywordsFamily = family({
  family: 'keywords',
  path: 'keywords',
  summary: '搜索关键词（按平台 platform：app、m、pc）',
  query: z.object({ platform: appPlatform }),
  data: listOf(keywordItem),
  async handler(db, { platform }) {
    const list = await db
      .select({ id: searchKeywords.id, word: searchKeywords.word, url: searchKeywords.url })
      .from(searchKeywords)
      .where(and(eq(searchKeywords.platform, platform), eq(searchKeywords.enabled, true)))
      .orderBy(asc(searchKeywords.sort), asc(searchKeywords.id))
      .limit(KEYWORDS_LIMIT);
    return { data: { list }, keys: [surrogate.keywords], next: null };
  },
});

// ——— Navigation icons ———————————————————————————————————————————————————————————————

export const NAV_ICONS_LIMIT = 500;
const navIcon = z.object({ id: z.number().int(), name: z.string(), icon: z.string(), url: z.string() });
export const navData = z.object({
  version: z.object({ id: z.number().int(), name: z.string() }),
  types: z.array(z.object({ id: z.number().int(), name: z.string(), icons: z.array(navIcon) })),
});

/**
 * `nav?platform=` (`&version=` to ask for one version by name): the live version's icons, grouped by
 * type in the types' order, each group in drag order. The live version is the platform's switched-on
 * one (the newest when several are on); none switched on answers 404.
 */
export const navFamily = family({
  family: 'nav',
  path: 'nav',
  summary: '导航图标（按平台 platform，线上版本，按图标类型分组）',
  query: z.object({ platform: appPlatform, version: z.string().trim().min(1).max(64, '版本名称不能超过 64 个字符').optional() }),
  data: navData,
  async handler(db, { platform, version }) {
    const [live] = await db
      .select({ id: chameleonVersions.id, name: chameleonVersions.name })
      .from(chameleonVersions)
      .where(and(eq(chameleonVersions.platform, platform), eq(chameleonVersions.enabled, true), version ? eq(chameleonVersions.name, version) : undefined))
      .orderBy(desc(chameleonVersions.id))
      .limit(1);
    if (!live) return null;
    const icons = await db
      .select({
        id: chameleons.id,
        name: chameleons.name,
        icon: chameleons.icon,
        url: chameleons.url,
        typeId: chameleonTypes.id,
        typeName: chameleonTypes.name,
      })
      .from(chameleons)
      .innerJoin(chameleonTypes, eq(chameleonTypes.id, chameleons.typeId))
      .where(and(eq(chameleons.versionId, live.id), eq(chameleons.enabled, true)))
      .orderBy(asc(chameleonTypes.sort), asc(chameleonTypes.id), asc(chameleons.sort), asc(chameleons.id))
      .limit(NAV_ICONS_LIMIT);
    const types: z.infer<typeof navData>['types'] = [];
    for (const i of icons) {
      let group = types[types.length - 1];
      if (!group || group.id !== i.typeId) types.push((group = { id: i.typeId, name: i.typeName, icons: [] }));
      group.icons.push({ id: i.id, name: i.name, icon: i.icon, url: i.url });
    }
    return { data: { version: live, types }, keys: [surrogate.nav], next: null };
  },
});

// ——— Friend links and brands ————————————————————————————————————————————————————————

export const FRIEND_LINKS_LIMIT = 500;
export const friendLinkItem = z.object({ id: z.number().int(), name: z.string(), url: z.string(), logo: z.string() });
export const readerFriendLink = (row: { id: number; name: string; url: string; logo: string; enabled: boolean }) =>
  row.enabled ? { id: row.id, name: row.name, url: row.url, logo: row.logo } : null;

export const friendLinksFamily = family({
  family: 'friend_links',
  path: 'friend_links',
  summary: '友情链接',
  query: z.object({}),
  data: listOf(friendLinkItem),
  async handler(db) {
    const list = await db
      .select({ id: friendLinks.id, name: friendLinks.name, url: friendLinks.url, logo: friendLinks.logo })
      .from(friendLinks)
      .where(eq(friendLinks.enabled, true))
      .orderBy(asc(friendLinks.sort), asc(friendLinks.id))
      .limit(FRIEND_LINKS_LIMIT);
    return { data: { list }, keys: [surrogate.friendLinks], next: null };
  },
});

export const BRANDS_LIMIT = 1000;
export const brandItem = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  initial: z.string(),
  /** The product host's brand (its series and models). */
  productBrandId: z.number().int(),
});
export const readerBrand = (row: { id: number; name: string; logo: string; initial: string; productBrandId: number; enabled: boolean }) =>
  row.enabled ? { id: row.id, name: row.name, logo: row.logo, initial: row.initial, productBrandId: row.productBrandId } : null;

export const brandsFamily = family({
  family: 'brands',
  path: 'brands',
  summary: '品牌（按首字母）',
  query: z.object({
    initial: z
      .string()
      .regex(/^[A-Za-z]$/, '首字母只能是 A–Z')
      .optional(),
  }),
  data: listOf(brandItem),
  async handler(db, { initial }) {
    const list = await db
      .select({ id: brands.id, name: brands.name, logo: brands.logo, initial: brands.initial, productBrandId: brands.productBrandId })
      .from(brands)
      .where(and(eq(brands.enabled, true), initial ? inArray(brands.initial, [initial.toUpperCase(), initial.toLowerCase()]) : undefined))
      .orderBy(asc(brands.initial), asc(brands.sort), asc(brands.id))
      .limit(BRANDS_LIMIT);
    return { data: { list }, keys: [surrogate.brands], next: null };
  },
});
