import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordSegments } from '@/lib/segment';

const original = Intl.Segmenter.prototype.segment;
const whole = (text: string) => Array.from(new Intl.Segmenter('zh', { granularity: 'word' }).segment(text), (s) => s.segment);
const paragraphs = (changed: number, n: number) =>
  Array.from(
    { length: 40 },
    (_, i) => `解放J6P牵引车在高速上的油耗表现一直是车队老板关心的话题，本次实测跑了一千二百公里。第${i + 1}段${i === changed ? `第${n}次修改` : ''}`,
  ).join(' ');

/** Pieces follow the text and are remembered (issue 17): a save with one paragraph changed segments little. */
describe('word segmentation by remembered pieces', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the words of one whole-string segmentation', () => {
    for (const text of [paragraphs(3, 1), paragraphs(39, 2), 'truck tractor '.repeat(100), '短文本']) {
      expect(Array.from(wordSegments(text), (s) => s.segment)).toEqual(whole(text));
    }
  });

  it('segments again only the pieces an edit touched', () => {
    Array.from(wordSegments(paragraphs(5, 1)));
    const seen: string[] = [];
    vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (this: Intl.Segmenter, input: string) {
      seen.push(input);
      return Reflect.apply(original, this, [input]);
    });
    const edited = paragraphs(20, 2);
    const words = Array.from(wordSegments(edited), (s) => s.segment);
    vi.restoreAllMocks();
    expect(words).toEqual(whole(edited));
    // Only the paragraph never seen as it now is (the 21st) is segmented; the 6th, back as it was,
    // and every other paragraph come from the cache.
    expect(seen.map((p) => p.match(/第(\d+)段/)?.[1])).toEqual(['21']);
  });

  it('hands out copies: changing what it gave does not change the next answer', () => {
    const text = paragraphs(1, 9);
    const first = Array.from(wordSegments(text));
    first[0].segment = 'changed';
    expect(Array.from(wordSegments(text))[0].segment).not.toBe('changed');
  });
});
