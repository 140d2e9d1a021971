import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { articles, outboxEvents } from '@/server/db/schema';
import { changeTransaction, type ContentChange } from '@/server/events';
import { subscribeCommittedKeys } from '@/server/events/bus';
import { transition } from '@/server/workflow/engine';
import { articleTarget } from '@/server/articles/workflow-target';
import { DB_KINDS, setupTestApp, type TestContext } from './helpers';

/**
 * Issue 24: change events. A change is emitted inside its transaction and writes its outbox row
 * there; after-commit listeners hear of it only once it committed. A rolled-back change leaves no
 * event and tells no one.
 */
describe.each(DB_KINDS)('change events and the outbox on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { cookie: admin, body });
  const events = async (id: number) =>
    (await t.db.select().from(outboxEvents).where(eq(outboxEvents.contentId, id)).orderBy(asc(outboxEvents.id))).map((e) => [e.type, e.action]);

  beforeAll(async () => {
    t = await setupTestApp(kind);
    admin = await t.login();
  });
  afterAll(async () => t?.close());

  it('a rolled-back publication writes no event and tells no listener; a committed one writes one, heard after commit', async () => {
    const id = (await call('POST', '/api/articles', { title: '回滚的发布', content: '<p>正文</p>' })).body.data.id as number;
    const heard: ContentChange[][] = [];
    const dropped: string[][] = [];
    const unsubscribe = subscribeCommittedKeys((keys) => dropped.push([...keys]));
    await expect(
      changeTransaction(
        t.db,
        async (tx) => {
          await transition(tx, articleTarget, { id, action: 'publish', actor: { kind: 'system' } });
          throw new Error('rolled back after the change');
        },
        [(changes) => heard.push([...changes])],
      ),
    ).rejects.toThrow('rolled back after the change');
    expect(await events(id)).toEqual([]);
    expect(heard).toEqual([]);
    expect(dropped).toEqual([]);
    expect((await t.db.select({ status: articles.status }).from(articles).where(eq(articles.id, id)))[0].status).toBe(0);

    let seenInside = -1;
    await changeTransaction(
      t.db,
      async (tx) => {
        await transition(tx, articleTarget, { id, action: 'publish', actor: { kind: 'system' } });
        seenInside = heard.length;
      },
      [(changes) => heard.push([...changes])],
    );
    expect(seenInside).toBe(0);
    expect(heard.map((h) => h.map((c) => [c.contentType, c.id, c.action, c.fromStatus, c.toStatus]))).toEqual([[['article', id, 'publish', 0, 3]]]);
    expect(await events(id)).toEqual([['article.published', 'publish']]);
    // The answer caches are told which keys went stale, once, after the commit.
    unsubscribe();
    expect(dropped).toEqual([[`article-${id}`, 'articles']]);
    const [row] = await t.db.select({ keys: outboxEvents.keys }).from(outboxEvents).where(eq(outboxEvents.contentId, id));
    expect(row.keys).toEqual([`article-${id}`, 'articles']);
  });

  it('the routes write what a reader could notice: published, edited while published, taken down; nothing for a draft', async () => {
    const id = (await call('POST', '/api/articles', { title: '读者看得到的变化', content: '<p>一</p>' })).body.data.id as number;
    expect((await call('PUT', `/api/articles/${id}`, { version: 1, content: '<p>草稿修改</p>' })).status).toBe(200);
    expect((await call('PUT', `/api/articles/submit/${id}`, {})).body.data.status).toBe(1);
    expect(await events(id)).toEqual([]);
    const published = (await call('PUT', `/api/articles/publish/${id}`, {})).body.data;
    expect(published.status).toBe(3);
    expect((await call('PUT', `/api/articles/${id}`, { version: published.version, content: '<p>发布后修改</p>' })).status).toBe(200);
    expect((await call('PUT', `/api/articles/offline/${id}`, {})).body.data.status).toBe(4);
    expect(await events(id)).toEqual([
      ['article.published', 'publish'],
      ['article.updated', 'save'],
      ['article.unpublished', 'offline'],
    ]);
  });

  it('a refused transition (409) writes no event', async () => {
    const id = (await call('POST', '/api/articles', { title: '被拒绝的下线', content: '<p>正文</p>' })).body.data.id as number;
    expect((await call('PUT', `/api/articles/offline/${id}`, {})).status).toBe(409);
    expect(await events(id)).toEqual([]);
  });
});
