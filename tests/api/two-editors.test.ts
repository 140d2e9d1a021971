import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { articles, editLocks, revisions } from '@/server/db/schema';
import { createStaff, DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Two editors against one article (issue 8, DESIGN §8): random sequences of open, type, autosave
 * (the heartbeat carrying the unsaved copy), save, take over, restore, leave and time passing,
 * played against the real app. Afterwards every piece of text either editor typed is in the
 * article, in a revision, or still in its author's copy after the server refused it (409/423) to
 * them. And no save is ever applied over someone else's live lock or from an old version.
 *
 * Reproduce a failure with the seed it prints: `TWO_EDITORS_SEED=<seed> npx vitest run …`.
 */

const SEQUENCES = Number(process.env.TWO_EDITORS_SEQUENCES ?? 100);
const STEPS = 10;
/** A fixed default, so every run (and both databases) plays the same sequences; set it to explore others. */
const BASE_SEED = Number(process.env.TWO_EDITORS_SEED ?? 20261122);

/** mulberry32: small, seedable, good enough to pick actions. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Editor {
  name: 'A' | 'B';
  cookie: string;
  /** The open editor screen: null when closed. */
  open: null | {
    token: string | null;
    /** Told that someone else holds the lock (read-only until a takeover). */
    locked: boolean;
    version: number;
    title: string;
    content: string;
    dirty: boolean;
  };
  /** Every piece typed, and whether the server refused it to its author while it was in the copy. */
  typed: Map<string, { refused: boolean }>;
}

describe.each(DB_KINDS)('two editors, random sequences, on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const editors: Editor[] = [];

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
    for (const name of ['A', 'B'] as const) {
      const staff = await createStaff(t, admin, { username: `two_${name}`, routes: ['/article/addArticle', '/article/list'] });
      editors.push({ name, cookie: staff.cookie, open: null, typed: new Map() });
    }
  });
  afterAll(async () => t?.close());

  it(`loses no text over ${SEQUENCES} random sequences`, { timeout: 240_000 }, async () => {
    const stats: Record<string, number> = {};
    const count = (k: string) => (stats[k] = (stats[k] ?? 0) + 1);
    for (let n = 0; n < SEQUENCES; n++) {
      const seed = BASE_SEED + n;
      const log: string[] = [];
      try {
        await playSequence(seed, log, count);
      } catch (err) {
        throw new Error(
          `two-editors sequence failed: seed ${seed} (TWO_EDITORS_SEED=${seed} TWO_EDITORS_SEQUENCES=1)\n${log.join('\n')}\n${(err as Error).stack ?? err}`,
        );
      }
    }
    // The default sequences do exercise every path (a run that never took over would prove little).
    if (process.env.TWO_EDITORS_SEED === undefined) {
      for (const k of ['save 200', 'save 423', 'takeover 200', 'heartbeat 423', 'restore 200', 'open 423'])
        expect(stats[k] ?? 0, `${k} in ${JSON.stringify(stats)}`).toBeGreaterThan(0);
      // At least one stale tab was stopped: by the version check (a save or a restore), or, since a
      // takeover is told even after the taker left (issue 15), by its heartbeat before it could write.
      expect((stats['save 409'] ?? 0) + (stats['restore 409'] ?? 0) + (stats['heartbeat 423 ended'] ?? 0), JSON.stringify(stats)).toBeGreaterThan(0);
    }
  });

  async function playSequence(seed: number, log: string[], count: (k: string) => void) {
    const rnd = prng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const created = await t.call('POST', '/api/articles', { cookie: admin, body: { title: `稿件${seed}`, content: '<p>初稿</p>' } });
    const id = created.body.data.id as number;
    for (const e of editors) {
      e.open = null;
      e.typed = new Map();
    }
    /** The token the server's lock row holds, tracked by the model to check every successful save. */
    let serverHolder: string | null = null;
    let pieceNo = 0;

    const draftOf = (e: Editor) => (e.open?.dirty ? { baseVersion: e.open.version, fields: { title: e.open.title, content: e.open.content } } : undefined);
    const refuse = (e: Editor) => {
      for (const [piece, state] of e.typed) if (e.open && (e.open.title.includes(piece) || e.open.content.includes(piece))) state.refused = true;
    };
    const lockRow = async () =>
      (
        await t.db
          .select({ token: editLocks.token, live: sql<boolean>`renewed_at > now() - interval '45 seconds'` })
          .from(editLocks)
          .where(and(eq(editLocks.resource, 'article'), eq(editLocks.resourceId, id)))
      )[0];

    const load = async (e: Editor, token: string | null, locked: boolean) => {
      const res = await t.call('GET', `/api/articles/${id}`, { cookie: e.cookie });
      const a = res.body.data;
      e.open = { token, locked, version: a.version, title: a.title, content: a.content, dirty: false };
    };

    const actions = {
      /** Open the editor (a dirty copy on screen goes along with the request and is kept). */
      async open(e: Editor) {
        const res = await t.call('POST', `/api/articles/${id}/lock`, { cookie: e.cookie, body: { token: e.open?.token ?? undefined, draft: draftOf(e) } });
        count(`open ${res.status}`);
        if (res.status === 200) {
          serverHolder = res.body.data.token;
          await load(e, res.body.data.token, false);
        } else {
          expect(res.status).toBe(423);
          expect(res.body.data.holder.name).toMatch(/^员工two_[AB]$/);
          await load(e, null, true);
        }
      },
      async type(e: Editor) {
        if (!e.open || e.open.locked) return;
        const piece = `〔${e.name}${++pieceNo}号〕`;
        e.typed.set(piece, { refused: false });
        if (rnd() < 0.2 && e.open.title.length < 100) e.open.title = `${e.open.title}${piece}`;
        else e.open.content = `${e.open.content}<p>${piece}重卡新闻</p>`;
        e.open.dirty = true;
      },
      /** The 15 s heartbeat, carrying the unsaved copy while the form is dirty. */
      async autosave(e: Editor) {
        if (!e.open?.token) return;
        const res = await t.call('PUT', `/api/articles/${id}/lock`, { cookie: e.cookie, body: { token: e.open.token, draft: draftOf(e) ?? null } });
        count(`heartbeat ${res.status}`);
        if (res.body.data?.ended) count('heartbeat 423 ended');
        if (res.status === 200) {
          serverHolder = e.open.token;
        } else {
          expect(res.status).toBe(423);
          // Told: read-only now; what the copy held went to the server with this request.
          e.open.locked = true;
          e.open.token = null;
        }
      },
      async save(e: Editor) {
        if (!e.open || !e.open.dirty) return;
        const before = (await t.db.select({ version: articles.version }).from(articles).where(eq(articles.id, id)))[0].version;
        const live = await lockRow();
        const res = await t.call('PUT', `/api/articles/${id}`, {
          cookie: e.cookie,
          body: { version: e.open.version, title: e.open.title, content: e.open.content, lockToken: e.open.token ?? undefined },
        });
        count(`save ${res.status}`);
        if (res.status === 200) {
          // Never applied over another's live lock, never from an old version.
          expect(!live || !live.live || live.token === e.open.token, 'save applied over a live lock held by another').toBe(true);
          expect(e.open.version, 'save applied from an old version').toBe(before);
          expect(res.body.data.version).toBe(before + 1);
          e.open.version = res.body.data.version;
          e.open.dirty = false;
        } else {
          expect([409, 423]).toContain(res.status);
          refuse(e);
        }
      },
      /** Take over: the holder's last copy is kept by the server; this tab's own copy goes along. */
      async takeover(e: Editor) {
        const res = await t.call('POST', `/api/articles/${id}/lock`, {
          cookie: e.cookie,
          body: { takeover: true, token: e.open?.token ?? undefined, draft: draftOf(e) },
        });
        count(`takeover ${res.status}`);
        expect(res.status).toBe(200);
        serverHolder = res.body.data.token;
        await load(e, res.body.data.token, false);
      },
      /** Restore a random revision (the restore button asks to save first when the form is dirty). */
      async restore(e: Editor) {
        if (!e.open || e.open.dirty) return;
        const list = (await t.call('GET', `/api/articles/${id}/revisions?pageSize=100`, { cookie: e.cookie })).body.data.list as Array<{ id: number }>;
        const rev = pick(list);
        const fields = rnd() < 0.5 ? undefined : [pick(['title', 'content'])];
        const res = await t.call('POST', `/api/articles/${id}/revisions/${rev.id}/restore`, {
          cookie: e.cookie,
          body: { version: e.open.version, fields, lockToken: e.open.token ?? undefined },
        });
        count(`restore ${res.status}`);
        if (res.status === 200) {
          e.open.version = res.body.data.version;
          e.open.title = res.body.data.title;
          e.open.content = res.body.data.content;
        } else expect([409, 423]).toContain(res.status);
      },
      /** Leave: the unsaved-changes prompt means only a clean form leaves; the lock is released. */
      async leave(e: Editor) {
        if (!e.open || e.open.dirty) return;
        if (e.open.token) await t.call('DELETE', `/api/articles/${id}/lock?token=${e.open.token}`, { cookie: e.cookie });
        e.open = null;
      },
      /** Time passes: the lock's last renewal moves 50 s into the past (it lapses). */
      async lapse() {
        await t.db
          .update(editLocks)
          .set({ renewedAt: sql`now() - interval '50 seconds'` })
          .where(and(eq(editLocks.resource, 'article'), eq(editLocks.resourceId, id)));
      },
    };
    const weights: Array<[keyof typeof actions, number]> = [
      ['open', 1.5],
      ['type', 5],
      ['autosave', 2],
      ['save', 3],
      ['takeover', 1],
      ['restore', 1],
      ['leave', 1],
      ['lapse', 1.5],
    ];
    const total = weights.reduce((s, [, w]) => s + w, 0);
    for (let step = 0; step < STEPS; step++) {
      const e = pick(editors);
      let r = rnd() * total;
      const action = weights.find(([, w]) => (r -= w) < 0)![0];
      // A closed editor opens first.
      const act = !e.open && action !== 'lapse' && action !== 'takeover' ? 'open' : action;
      log.push(`${step}: ${e.name} ${act}`);
      await actions[act](e);
    }
    // The browsers' next heartbeats deliver what is still unsaved (as they would within 15 s).
    for (const e of editors) if (e.open?.token && e.open.dirty) await actions.autosave(e);
    // Then they close their tabs (the lock is released; a copy the form still had is kept).
    for (const e of editors) if (e.open?.token) await t.call('DELETE', `/api/articles/${id}/lock?token=${e.open.token}`, { cookie: e.cookie });
    void serverHolder;

    // Where every typed piece ended up.
    const [final] = await t.db.select({ title: articles.title, content: articles.content }).from(articles).where(eq(articles.id, id));
    const revs = await t.db
      .select({ snapshot: revisions.snapshot })
      .from(revisions)
      .where(and(eq(revisions.resource, 'article'), eq(revisions.resourceId, id)));
    const kept = [final.title, final.content, ...revs.map((r) => `${r.snapshot.title}\u0000${r.snapshot.content}`)].join('\u0001');
    for (const e of editors) {
      for (const [piece, state] of e.typed) {
        if (kept.includes(piece)) continue;
        const inCopy = !!e.open && (e.open.title.includes(piece) || e.open.content.includes(piece));
        expect(inCopy && state.refused, `${e.name}'s「${piece}」is lost: not in the article, not in a revision, not refused to them while in their copy`).toBe(
          true,
        );
      }
    }
  }
});
