import { Hono } from 'hono';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { advertiseResource, brandResource, advertiseEditSchema, advertiseStateSchema } from '../../lib/resources/schemas/operations';
import { access } from '../auth/access';
import { advertise, brands } from '../db/schema';
import { crudRoutes } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { buildTrucks } from '../hosts/data/trucks';
import { badRequest, notFound, parseInput } from '../http/errors';
import { ok } from '../http/reply';
import { answers } from '../http/answer';
import { jsonBody, rawBody, sentKeys } from '../http/input';
import type { AppEnv } from '../http/types';
import { assertPeriod, byText, type Values } from '../operations/common';
import { adEvents, brandEvents } from '../delivery/families/events';

/** 品牌 and 广告 (SEED §7); 友情链接 is a plain resource (server/resources.ts); the other operations screens: focus.ts, search-keywords.ts, chameleons.ts. */

// ——— Brands ——————————————————————————————————————————————————————————————————————

/** The built-in product host's brands (DESIGN §5); another host's brands cannot be checked here. */
let catalogueBrands: Map<number, { name: string; initial: string }> | null = null;
function builtInBrand(id: number) {
  catalogueBrands ??= new Map(buildTrucks().brands.map((b) => [b.id, { name: b.name, initial: b.initial }]));
  return catalogueBrands.get(id);
}
const usesBuiltInProductHost = () => {
  const base = process.env.NEXT_PUBLIC_PRODUCT_API;
  return !base || base.startsWith('/');
};

/** Ties the brand to the product host's brand: its name is kept, and its initial unless one was given. */
function withProductBrand(values: Values): Values {
  if (!usesBuiltInProductHost()) return values;
  const hit = builtInBrand(values.productBrandId as number);
  if (!hit) throw badRequest('车型库中没有这个品牌', { productBrandId: '车型库中没有这个品牌' });
  return { ...values, productBrandName: hit.name, initial: (values.initial as string) || hit.initial };
}

/** 品牌: GET, POST, PUT (SEED §7), each tied to one product-host brand, A–Z by initial. */
export const brandRoutes = crudRoutes({
  resource: brandResource,
  table: brands,
  filters: { initial: byText(brands.initial) },
  orderBy: [asc(brands.initial), asc(brands.sort), asc(brands.id)],
  events: brandEvents,
  hooks: {
    beforeCreate: (_ctx, values) => withProductBrand(values),
    beforeUpdate: (_ctx, _before, patch) => ('productBrandId' in patch ? withProductBrand(patch) : patch),
  },
});

// ——— Ads ———————————————————————————————————————————————————————————————————————

/**
 * The 状态 filter of the ads, as the list's tag reads an ad (`slotStatus` with 上线 as the switch):
 * 已过期 first, then 已下线, then 待上线 or 展示中; `current` (the list's default) is every ad not
 * yet ended. Anything else filters nothing (`all`).
 */
function adStatusCondition(value: string): SQL | undefined {
  const notEnded = sql`(${advertise.endAt} IS NULL OR ${advertise.endAt} > now())`;
  const on = sql`${advertise.state} = 1 AND ${notEnded}`;
  switch (value) {
    case 'current':
      return notEnded;
    case 'live':
      return sql`${on} AND ${advertise.startAt} <= now()`;
    case 'scheduled':
      return sql`${on} AND ${advertise.startAt} > now()`;
    case 'disabled':
      return sql`${advertise.state} = 0 AND ${notEnded}`;
    case 'expired':
      return sql`${advertise.endAt} IS NOT NULL AND ${advertise.endAt} <= now()`;
    default:
      return undefined;
  }
}

/**
 * 广告: `GET /list`, `PUT /edit` (with an id: edit; without: add — SEED §7 names no POST) and
 * `PUT /state/edit` (上线 / 下线).
 */
export const advertiseRoutes: ReturnType<typeof crudRoutes> = crudRoutes({
  resource: advertiseResource,
  table: advertise,
  listPath: '/list',
  filters: {
    state: (v) => (v === '0' || v === '1' ? eq(advertise.state, Number(v)) : undefined),
    status: adStatusCondition,
  },
  orderBy: [asc(advertise.position), asc(advertise.sort), desc(advertise.id)],
  // A new ad goes to the end of its position's list (`nextSort`).
  sortGroup: advertise.position,
  // Every write (and the special routes below, through `changed`) tells the site (DESIGN §12).
  events: adEvents,
  // Added and edited by `PUT /edit` (SEED §7); no delete (the declaration's `noDelete`).
  operations: { create: false, update: false },
  extend(app: Hono<AppEnv>) {
    const write = access.route(advertiseResource.permission);
    app.put('/edit', write, jsonBody(advertiseEditSchema), answers(advertiseResource.record, { 404: '广告不存在' }), async (c) => {
      const input = c.req.valid('json') as Values;
      const sent = sentKeys(c);
      const id = input.id as number | undefined;
      // The state is not changed here (issue 14): a new ad starts 下线, and 上线 / 下线 go through
      // `/state/edit`, logged as such. A change is refused rather than dropped, so a caller is not
      // misled; the record sent back as the list gave it, its unchanged state included, is fine (issue 23).
      const sentState = sent.includes('state') ? (rawBody(c) as Values).state : undefined;
      const refuseState = (current: number) => {
        if (!sent.includes('state') || sentState === current) return;
        const message = id ? '广告的上线、下线请用列表中的「上线」开关切换' : '新广告先以「下线」保存，检查无误后在列表中用「上线」开关上线';
        throw badRequest(message, { state: message });
      };
      if (!id) {
        refuseState(0);
        // Adding: the whole record is required.
        const values = parseInput(advertiseResource.schema, rawBody(c)) as Values;
        assertPeriod(values.startAt, values.endAt);
        const created = await advertiseRoutes.inTransaction(c, async ({ tx, user, changed }) => {
          const sort = await advertiseRoutes.nextSort(tx, values);
          const [{ id: newId }] = await tx
            .insert(advertise)
            .values({ ...(values as typeof advertise.$inferInsert), endAt: (values.endAt as Date | null | undefined) ?? null, sort })
            .returning({ id: advertise.id });
          const after = (await advertiseRoutes.getOne(tx, user, newId))!;
          await advertiseRoutes.recordMedia(tx, after, null);
          await changed('create', after, null);
          await logOperation(tx, c, { type: 'create', resource: 'advertise', resourceId: newId, summary: `新增广告「${after.name}」`, after });
          return after;
        });
        return ok(c, created);
      }
      const patch = Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'id' && sent.includes(k)));
      const updated = await advertiseRoutes.inTransaction(c, async ({ tx, user, changed }) => {
        const before = await advertiseRoutes.getOne(tx, user, id);
        if (!before) throw notFound('广告不存在');
        refuseState(before.state as number);
        if ('startAt' in patch || 'endAt' in patch) assertPeriod(patch.startAt ?? before.startAt, 'endAt' in patch ? patch.endAt : before.endAt);
        if (Object.keys(patch).length)
          await tx
            .update(advertise)
            .set({ ...patch, updatedAt: new Date() })
            .where(eq(advertise.id, id));
        const after = (await advertiseRoutes.getOne(tx, user, id))!;
        await advertiseRoutes.recordMedia(tx, after, before);
        await changed('update', after, before);
        await logOperation(tx, c, { type: 'update', resource: 'advertise', resourceId: id, summary: `修改广告「${after.name}」`, before, after });
        return after;
      });
      return ok(c, updated);
    });

    app.put('/state/edit', write, jsonBody(advertiseStateSchema), answers(advertiseResource.record, { 404: '广告不存在' }), async (c) => {
      const { id, state } = c.req.valid('json');
      const updated = await advertiseRoutes.inTransaction(c, async ({ tx, user, changed }) => {
        const before = await advertiseRoutes.getOne(tx, user, id);
        if (!before) throw notFound('广告不存在');
        if (before.state !== state) await tx.update(advertise).set({ state, updatedAt: new Date() }).where(eq(advertise.id, id));
        const after = (await advertiseRoutes.getOne(tx, user, id))!;
        await changed(state === 1 ? 'enable' : 'disable', after, before);
        await logOperation(tx, c, {
          type: state === 1 ? 'enable' : 'disable',
          resource: 'advertise',
          resourceId: id,
          summary: `${state === 1 ? '上线' : '下线'}广告「${after.name}」`,
          before,
          after,
        });
        return after;
      });
      return ok(c, updated);
    });
  },
});
