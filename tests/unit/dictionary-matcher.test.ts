import { afterEach, describe, expect, it } from 'vitest';
import { MatcherThread } from '@/server/content/matcher-thread';

/** The dictionary's automaton in its worker thread (issue 23, F1): what it finds, and that it answers while it builds. */
describe('the matcher thread', () => {
  let m: MatcherThread;
  afterEach(async () => m?.stop());

  it('finds every word, overlapping ones and one inside a longer partial match included', async () => {
    m = new MatcherThread();
    await m.ready('1', () => ['abcd', 'bc', '赌博', '博彩', '赌博网站']);
    const { stamp, hits } = await m.match('xabcx 赌博彩\n赌博网站');
    expect(stamp).toBe('1');
    // "bc" ends inside "abc…" (mint-filter missed it), 博彩 overlaps 赌博, 赌博网站 contains 赌博.
    expect(hits.sort()).toEqual(['bc', '博彩', '赌博', '赌博网站'].sort());
    expect((await m.match('')).hits).toEqual([]);
  });

  it('keeps answering with the automaton it has while a large one is built, then swaps', async () => {
    m = new MatcherThread();
    await m.ready('small', () => ['旧词']);
    const large = Array.from({ length: 60_000 }, (_, i) => `词${i.toString(36)}号`).concat('新词');
    const built = m.ready('large', () => large);
    const during = await m.match('旧词和新词');
    expect(during).toEqual({ stamp: 'small', hits: ['旧词'] });
    await built;
    expect(await m.match('旧词和新词')).toEqual({ stamp: 'large', hits: ['新词'] });
  });

  it('a newer build replaces one in progress, and whoever waited for the older is answered by the newer', async () => {
    m = new MatcherThread();
    const big = Array.from({ length: 60_000 }, (_, i) => `x${i}y`);
    const first = m.ready('a', () => big);
    const second = m.ready('b', () => [...big, '后加']);
    await Promise.all([first, second]);
    expect(m.built).toBe('b');
    expect((await m.match('后加')).hits).toEqual(['后加']);
  });

  it('takes a change (words added and removed) relative to the set it has, and the whole set otherwise', async () => {
    m = new MatcherThread();
    await m.ready('1', () => ['甲', '乙']);
    const whole = () => {
      throw new Error('the whole set was sent for a change');
    };
    await m.ready('2', whole, { base: '1', add: ['丙'], remove: ['甲'] });
    expect((await m.match('甲乙丙')).hits.sort()).toEqual(['丙', '乙'].sort());
    // A change on another base than the worker's set: the whole set goes.
    await m.ready('4', () => ['丁'], { base: '3', add: ['戊'], remove: [] });
    expect((await m.match('甲乙丙丁戊')).hits).toEqual(['丁']);
  });

  it('starts again after its worker died', async () => {
    m = new MatcherThread();
    await m.ready('1', () => ['甲']);
    await m.stop();
    await m.ready('2', () => ['乙']);
    expect((await m.match('甲乙')).hits).toEqual(['乙']);
  });
});
