import { answers } from '../http/answer';
import { revisionDetailSchema, revisionListSchema } from '../../lib/resources/schemas/editorial';
import { SAVE_REFUSALS } from './save';
import { Hono, type Context } from 'hono';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { diffHtml, diffText, listChange, type DiffPart } from '../../lib/diff';
import { access } from '../auth/access';
import type { DbOrTx } from '../db/types';
import { categories, platforms, revisions, tags, topics, users, videoStores, type EditorialResource } from '../db/schema';
import { REVISION_FIELDS, REVISION_KINDS, lockTokenOf, snapshotOf, stableJson } from './safety';
import { listQuerySchema, pageOf, parseListQuery } from '../crud/list';
import { badRequest, notFound, parseInput } from '../http/errors';
import { idParam } from '../http/params';
import { ok } from '../http/reply';
import { jsonBody, queryDoc, queryInput, rawBody } from '../http/input';
import type { AppEnv } from '../http/types';
import type { EditorialTarget } from './target';

/**
 * 修订 (DESIGN §8, issue 8): the revisions of an article or a short video, a revision with its
 * diff (word-level content diff and field diffs), and restoring it whole or field by field.
 * `GET /{id}/revisions`, `GET /{id}/revisions/{rid}?against=previous|current`,
 * `POST /{id}/revisions/{rid}/restore {version, fields?}` under `/api/articles` and `/api/videos`.
 */

export interface FieldDiff {
  name: string;
  label: string;
  type: string;
  changed: boolean;
  before: unknown;
  after: unknown;
  /** Word diff of a text or the body. */
  parts?: DiffPart[];
  /** Ids, gallery pictures: what came, went, and whether the rest were reordered. */
  list?: { added: unknown[]; removed: unknown[]; reordered: boolean };
}

const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

/** Field-by-field diff of two snapshots, from `before` (older) to `after` (newer). */
export function diffSnapshots(resource: EditorialResource, before: Record<string, unknown>, after: Record<string, unknown>): FieldDiff[] {
  return REVISION_FIELDS[resource].map((f) => {
    const b = before[f.name];
    const a = after[f.name];
    const d: FieldDiff = { name: f.name, label: f.label, type: f.type, changed: !same(b, a), before: b ?? null, after: a ?? null };
    if (!d.changed) return d;
    if (f.type === 'html') d.parts = diffHtml(String(b ?? ''), String(a ?? ''));
    else if (f.type === 'text') d.parts = diffText(String(b ?? ''), String(a ?? ''));
    else if (f.type === 'ids') d.list = listChange((b as number[]) ?? [], (a as number[]) ?? []);
    else if (f.type === 'images') d.list = listChange((b as Array<{ url: string }>) ?? [], (a as Array<{ url: string }>) ?? [], (x) => x.url);
    return d;
  });
}

/** Names of the ids two snapshots mention (categories, tags, topics, platforms, library videos). */
async function namesOf(db: DbOrTx, snaps: Array<Record<string, unknown>>) {
  const ids = (field: string) => [
    ...new Set(snaps.flatMap((s) => (Array.isArray(s[field]) ? (s[field] as number[]) : typeof s[field] === 'number' ? [s[field] as number] : []))),
  ];
  const pick = async (table: typeof categories | typeof tags | typeof platforms, list: number[]) =>
    list.length
      ? Object.fromEntries((await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, list))).map((r) => [r.id, r.name]))
      : {};
  const topicIds = ids('topicIds');
  const videoIds = ids('videoStoreId');
  return {
    categoryId: await pick(categories, ids('categoryId')),
    tagIds: await pick(tags, ids('tagIds')),
    platformIds: await pick(platforms, ids('platformIds')),
    topicIds: topicIds.length
      ? Object.fromEntries((await db.select({ id: topics.id, name: topics.title }).from(topics).where(inArray(topics.id, topicIds))).map((r) => [r.id, r.name]))
      : {},
    videoStoreId: videoIds.length
      ? Object.fromEntries(
          (await db.select({ id: videoStores.id, name: videoStores.title }).from(videoStores).where(inArray(videoStores.id, videoIds))).map((r) => [
            r.id,
            r.name,
          ]),
        )
      : {},
  };
}

const restoreSchema = (resource: EditorialResource) => {
  const names = REVISION_FIELDS[resource].map((f) => f.name) as [string, ...string[]];
  return z.object({
    version: z.number({ error: '缺少版本号（请刷新后再恢复）' }).int().positive(),
    fields: z
      .array(z.enum(names, { error: '不能恢复这个字段' }), { error: '字段必须是数组' })
      .min(1, '请选择要恢复的字段')
      .max(names.length)
      .optional(),
  });
};

const againstSchema = z.object({ against: z.enum(['previous', 'current'], { error: 'against 只能是 previous 或 current' }).default('previous') });

export function revisionRoutes(target: EditorialTarget) {
  const app = new Hono<AppEnv>();
  const { resource, label } = target;
  const revisionColumns = {
    id: revisions.id,
    kind: revisions.kind,
    version: revisions.version,
    userId: revisions.userId,
    userName: users.name,
    note: revisions.note,
    createdAt: revisions.createdAt,
  };

  async function record(c: Context<AppEnv>) {
    const row = await target.load(c.get('db'), c.get('user')!, idParam(c));
    if (!row) throw notFound(`${label}不存在`);
    return row;
  }

  async function revisionOf(db: DbOrTx, id: number, rid: number) {
    const [rev] = await db
      .select({ ...revisionColumns, snapshot: revisions.snapshot })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.userId))
      .where(and(eq(revisions.id, rid), eq(revisions.resource, resource), eq(revisions.resourceId, id)))
      .limit(1);
    if (!rev) throw notFound('修订不存在');
    return rev;
  }

  app.get('/:id/revisions', access.anyRoute(target.readRoutes), queryDoc(listQuerySchema), answers(revisionListSchema), async (c) => {
    const row = await record(c);
    const { page, pageSize } = parseListQuery(c.req.query());
    const db = c.get('db');
    const where = and(eq(revisions.resource, resource), eq(revisions.resourceId, row.id));
    const select = db
      .select({ ...revisionColumns, title: revisions.snapshot })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.userId))
      .where(where)
      .orderBy(desc(revisions.id));
    const result = await pageOf(db, { query: select, table: revisions, where, page, pageSize, cap: 10_000 });
    // The title of each revision (not the whole copy: a list stays small).
    const list = (result.list as Array<Record<string, unknown> & { title: Record<string, unknown> }>).map((r) => ({
      ...r,
      title: String(r.title?.title ?? ''),
      kindLabel: REVISION_KINDS[String(r.kind)] ?? String(r.kind),
    }));
    return ok(c, { ...result, list, current: { version: row.version } });
  });

  app.get('/:id/revisions/:rid', access.anyRoute(target.readRoutes), queryInput(againstSchema), answers(revisionDetailSchema), async (c) => {
    const row = await record(c);
    const rid = idParam(c, { name: 'rid' });
    const { against } = c.req.valid('query');
    const db = c.get('db');
    const rev = await revisionOf(db, row.id, rid);
    let base: { label: string; version: number | null; snapshot: Record<string, unknown>; revisionId: number | null };
    let from: Record<string, unknown>;
    let to: Record<string, unknown>;
    if (against === 'current') {
      base = { label: `当前版本 v${row.version}`, version: row.version, snapshot: snapshotOf(resource, row), revisionId: null };
      // Older on the left: what changed from this revision to the current record.
      from = rev.snapshot;
      to = base.snapshot;
    } else {
      const [prev] = await db
        .select({ id: revisions.id, version: revisions.version, snapshot: revisions.snapshot, kind: revisions.kind })
        .from(revisions)
        .where(and(eq(revisions.resource, resource), eq(revisions.resourceId, row.id), lt(revisions.id, rid)))
        .orderBy(desc(revisions.id))
        .limit(1);
      base = prev
        ? { label: `上一修订 #${prev.id}（v${prev.version}）`, version: prev.version, snapshot: prev.snapshot, revisionId: prev.id }
        : { label: '（无，首个修订）', version: null, snapshot: {}, revisionId: null };
      from = base.snapshot;
      to = rev.snapshot;
    }
    const fields = diffSnapshots(resource, from, to);
    return ok(c, {
      revision: { ...rev, kindLabel: REVISION_KINDS[rev.kind] ?? rev.kind },
      against,
      base,
      direction: against === 'current' ? 'revision→current' : 'previous→revision',
      fields,
      names: await namesOf(db, [from, to]),
      current: { version: row.version },
    });
  });

  app.post(
    '/:id/revisions/:rid/restore',
    access.anyRoute(target.editRoutes),
    jsonBody(restoreSchema(resource)),
    answers(target.record, SAVE_REFUSALS),
    async (c) => {
      const row = await record(c);
      if (!target.mayEdit(c.get('user')!, row)) throw notFound(`${label}不存在`);
      const rid = idParam(c, { name: 'rid' });
      const { version, fields } = c.req.valid('json');
      const rev = await revisionOf(c.get('db'), row.id, rid);
      const names = fields ?? REVISION_FIELDS[resource].map((f) => f.name);
      const picked = Object.fromEntries(names.filter((n) => n in rev.snapshot).map((n) => [n, rev.snapshot[n]]));
      if (!Object.keys(picked).length) throw badRequest('这个修订没有可恢复的字段', { fields: '这个修订没有可恢复的字段' });
      // Validated like a save; only the picked fields are written (the schema's defaults are not).
      const parsed = parseInput(target.patchSchema, picked);
      const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in picked));
      const labels = REVISION_FIELDS[resource].filter((f) => names.includes(f.name)).map((f) => f.label);
      const note = `恢复修订 #${rid}${fields ? `（${labels.join('、')}）` : '（全部字段）'}`;
      const saved = await target.save(c, { id: row.id, version, patch, lockToken: lockTokenOf(c, rawBody(c)), revision: { kind: 'restore', note } });
      return ok(c, saved);
    },
  );

  return app;
}
