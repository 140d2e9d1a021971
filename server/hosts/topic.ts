import type { Activity, ActivityStatus, VrPanorama } from '../../lib/api/topic';
import { ok } from '../http/reply';
import { parseInput } from '../http/errors';
import { ACTIVITIES, buildVr } from './data/topics';
import { buildTrucks } from './data/trucks';
import { createHostApp, idQuery, matchesKeyword, oneOfQuery, pageOf, pageQuery, searchText, type HostDeps } from './host-app';

export interface TopicHostDeps extends HostDeps {
  /** The clock an activity's status is read against; tests pass a fixed one. */
  now?: () => Date;
}

const STATUSES = ['0', '1', '2'] as const;

const activityQuery = pageQuery.extend({
  id: idQuery('活动ID'),
  status: oneOfQuery(STATUSES, '状态只能是 0（未开始）、1（进行中）或 2（已结束）'),
});
const vrQuery = pageQuery.extend({ id: idQuery('VR ID') });

/** 0 未开始 before the start, 2 已结束 after the end, 1 进行中 between. */
export function activityStatus({ startAt, endAt }: { startAt: string; endAt: string }, now: Date): ActivityStatus {
  const t = now.getTime();
  if (t < Date.parse(startAt)) return 0;
  return t > Date.parse(endAt) ? 2 : 1;
}

function buildCatalogue() {
  // Newest first: the picker's first page shows the votes an editor is most likely writing about.
  const activities = ACTIVITIES.map((a) => {
    const options = a.options.map(([title, votes], i) => ({ id: a.id * 100 + i + 1, title, votes }));
    const row = {
      ...a,
      cover: '',
      options,
      totalVotes: options.reduce((sum, o) => sum + o.votes, 0),
      startAt: new Date(a.startAt).toISOString(),
      endAt: new Date(a.endAt).toISOString(),
    };
    return { item: row, text: searchText(a.title, a.summary, ...options.map((o) => o.title)) };
  }).sort((a, b) => b.item.startAt.localeCompare(a.item.startAt) || b.item.id - a.item.id);
  const vr = buildVr(buildTrucks())
    .map((item: VrPanorama) => ({ item, text: searchText(item.title, item.vehicle.brandName, item.vehicle.seriesName) }))
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.item.id - a.item.id);
  return { activities, vr };
}

let cached: ReturnType<typeof buildCatalogue> | undefined;
const catalogue = () => (cached ??= buildCatalogue());

/** One vote of the built-in host with its status at `now` (the delivery API's 投票 blocks), or undefined. */
export function findActivity(id: number, now: Date): Activity | undefined {
  const row = catalogue().activities.find((r) => r.item.id === id)?.item;
  return row && { ...row, status: activityStatus(row, now) };
}

/** One VR panorama of the built-in host (the delivery API's VR blocks), or undefined. */
export const findVr = (id: number): VrPanorama | undefined => catalogue().vr.find((r) => r.item.id === id)?.item;

/**
 * The built-in topic host (`/topic-api`): reader votes for the editor's 投票 button and VR panoramas
 * for its VR button, read-only from the seed in `data/topics.ts`. Lists take `page`, `pageSize`
 * (≤ 100), `keyword` and `id`; votes also `status` (0 未开始, 1 进行中, 2 已结束), worked out from
 * start and end at the time of the request. Unknown parameters are ignored.
 * @see SEED §7 (topic host), DESIGN §5, §7
 */
export function createTopicHost({ now = () => new Date(), ...deps }: TopicHostDeps) {
  const app = createHostApp('/topic-api', deps);

  app.get('/activity/list', (c) => {
    const q = parseInput(activityQuery, c.req.query());
    const at = now();
    const status = q.status === undefined ? undefined : (Number(q.status) as ActivityStatus);
    const rows: Activity[] = [];
    for (const { item, text } of catalogue().activities) {
      if (q.id !== undefined && item.id !== q.id) continue;
      if (!matchesKeyword(text, q.keyword)) continue;
      const row = { ...item, status: activityStatus(item, at) };
      if (status === undefined || row.status === status) rows.push(row);
    }
    return ok(c, pageOf(rows, q));
  });

  app.get('/master/vr', (c) => {
    const q = parseInput(vrQuery, c.req.query());
    const rows = catalogue()
      .vr.filter((r) => (q.id === undefined || r.item.id === q.id) && matchesKeyword(r.text, q.keyword))
      .map((r) => r.item);
    return ok(c, pageOf(rows, q));
  });

  return app;
}

export type TopicHost = ReturnType<typeof createTopicHost>;
