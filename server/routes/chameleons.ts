import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { chameleonResource, chameleonVersionResource } from '../../lib/resources/schemas/operations';
import type { Tx } from '../db/types';
import { chameleons, chameleonTypes, chameleonVersions } from '../db/schema';
import { crudRoutes, type HookContext } from '../crud/crud-routes';
import { logOperation } from '../crud/oplog';
import { badRequest, conflict } from '../http/errors';
import { byEnabled, byId, byText } from '../operations/common';
import { navEvents, navIconItem, navVersionItem } from '../delivery/families/events';

/** 导航图标 (SEED §7; `chameleon` is the specification's name): versions, icon types and icons. */

const iconCount = sql<number>`(SELECT count(*)::int FROM "chameleons" AS ch WHERE ch."version_id" = "chameleon_versions"."id")`;

async function assertVersionUnique(tx: Tx, platform: string, name: string, exceptId?: number) {
  const [twin] = await tx
    .select({ id: chameleonVersions.id })
    .from(chameleonVersions)
    .where(and(eq(chameleonVersions.platform, platform), eq(chameleonVersions.name, name), exceptId ? ne(chameleonVersions.id, exceptId) : undefined))
    .limit(1);
  if (twin) throw conflict(`该平台已有版本「${name}」`, { name: '该平台已有同名版本' });
}

/** The version a new version copies its icons from, between its create hooks (one per transaction). */
const copies = new WeakMap<Tx, number>();

/**
 * 新增版本 「从版本…复制」 (ux-2026-11-28 P2-6): the new version starts with a copy of every icon of
 * another one (type, name, picture, link, place, switch), in the create's transaction; each copy is
 * recorded as a user of its picture, and the copy is one log row beside the version's own.
 */
async function copyIcons({ tx, c }: HookContext, fromId: number, to: { id: number; name: string }) {
  const [source] = await tx.select({ name: chameleonVersions.name }).from(chameleonVersions).where(eq(chameleonVersions.id, fromId));
  const icons = await tx
    .select({
      typeId: chameleons.typeId,
      name: chameleons.name,
      icon: chameleons.icon,
      url: chameleons.url,
      sort: chameleons.sort,
      enabled: chameleons.enabled,
    })
    .from(chameleons)
    .where(eq(chameleons.versionId, fromId))
    .orderBy(asc(chameleons.typeId), asc(chameleons.sort), asc(chameleons.id));
  if (!icons.length) return;
  const made = await tx
    .insert(chameleons)
    .values(icons.map((icon) => ({ ...icon, versionId: to.id })))
    .returning();
  for (const icon of made) await chameleonRoutes.recordMedia(tx, icon, null);
  await logOperation(tx, c, {
    type: 'create',
    resource: chameleonVersionResource.name,
    resourceId: to.id,
    summary: `从版本「${source?.name ?? fromId}」复制 ${made.length} 个图标到「${to.name}」`,
    after: { versionId: to.id, copiedFrom: fromId, ids: made.map((i) => i.id) },
  });
}

/** 导航版本: GET, POST, PUT (SEED §7); a version is switched off, not deleted. */
export const chameleonVersionRoutes = crudRoutes({
  resource: chameleonVersionResource,
  table: chameleonVersions,
  columns: {
    id: chameleonVersions.id,
    name: chameleonVersions.name,
    platform: chameleonVersions.platform,
    enabled: chameleonVersions.enabled,
    iconCount: iconCount.as('icon_count'),
    updatedAt: chameleonVersions.updatedAt,
  },
  filters: { platform: byText(chameleonVersions.platform), enabled: byEnabled(chameleonVersions.enabled) },
  // `copyFrom` is for a new version only.
  updateSchema: chameleonVersionResource.schema.omit({ copyFrom: true }).partial(),
  events: navEvents(chameleonVersionResource.name, navVersionItem),
  hooks: {
    async beforeCreate({ tx }, { copyFrom, ...values }) {
      await assertVersionUnique(tx, values.platform, values.name);
      if (copyFrom) {
        const [source] = await tx.select({ id: chameleonVersions.id }).from(chameleonVersions).where(eq(chameleonVersions.id, copyFrom));
        if (!source) throw badRequest('要复制的版本不存在', { copyFrom: '要复制的版本不存在' });
        copies.set(tx, copyFrom);
      }
      return values;
    },
    async afterWrite(ctx, after, before) {
      const from = copies.get(ctx.tx);
      if (before || !after || !from) return;
      copies.delete(ctx.tx);
      await copyIcons(ctx, from, after as { id: number; name: string });
    },
    async beforeUpdate({ tx }, before, patch) {
      if ('name' in patch || 'platform' in patch) await assertVersionUnique(tx, patch.platform ?? before.platform, patch.name ?? before.name, before.id);
      return patch;
    },
  },
});

async function assertIconPlacement(tx: Tx, icon: { versionId: number; typeId: number }) {
  const errors: Record<string, string> = {};
  const [version] = await tx.select({ id: chameleonVersions.id }).from(chameleonVersions).where(eq(chameleonVersions.id, icon.versionId));
  if (!version) errors.versionId = '版本不存在';
  const [type] = await tx.select({ id: chameleonTypes.id }).from(chameleonTypes).where(eq(chameleonTypes.id, icon.typeId));
  if (!type) errors.typeId = '图标类型不存在';
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
}

/** 导航图标: a version's icons, grouped by type, each group in drag order. */
export const chameleonRoutes: ReturnType<typeof crudRoutes<typeof chameleonResource.schema, typeof chameleons>> = crudRoutes({
  resource: chameleonResource,
  table: chameleons,
  filters: { versionId: byId(chameleons.versionId), typeId: byId(chameleons.typeId), enabled: byEnabled(chameleons.enabled) },
  orderBy: [asc(chameleons.versionId), asc(chameleons.typeId), asc(chameleons.sort), asc(chameleons.id)],
  // One sort reorders icons of one version and one type.
  sortGroup: [chameleons.versionId, chameleons.typeId],
  // The version is fixed once created (an icon is copied, not moved, to another version).
  updateSchema: chameleonResource.schema.omit({ versionId: true }).partial(),
  events: navEvents(chameleonResource.name, navIconItem),
  hooks: {
    async beforeCreate({ tx }, values) {
      await assertIconPlacement(tx, values);
      return values;
    },
    async beforeUpdate({ tx }, before, patch) {
      if (!('typeId' in patch) || patch.typeId === before.typeId) return patch;
      const merged = { ...before, ...patch };
      await assertIconPlacement(tx, merged);
      // Moved to another type: the end of that type's icons.
      return { ...patch, sort: await chameleonRoutes.nextSort(tx, merged) };
    },
  },
});
