import { describe, expect, it } from 'vitest';
import { addedText, batches, parseWordList, SENSITIVE_WORD_MAX, setAsideText, WORD_BATCH } from '@/lib/resources/sensitive-words';
import { JSON_BODY_MAX } from '@/server/http/body';
import { addWordsSchema } from '@/lib/resources/schemas/sensitive-words';

describe('敏感词库: a typed list or a file becomes words (issue 15)', () => {
  it('splits a typed list on lines, commas, 顿号, semicolons and spaces; drops blanks and repeats', () => {
    const parsed = parseWordList('赌博\n代开发票，枪支出售, 冰毒出售、赌博\r\n\n  刷单返现；百家乐 老虎机\u3000六合彩\t时时彩\n');
    expect(parsed.words).toEqual(['赌博', '代开发票', '枪支出售', '冰毒出售', '刷单返现', '百家乐', '老虎机', '六合彩', '时时彩']);
    expect(parsed.repeated).toBe(1);
    expect(parsed.tooLong).toEqual([]);
  });

  it('reads a file one word per line (a phrase keeps its space), without the byte-order mark', () => {
    const parsed = parseWordList('\uFEFFonline casino\r\n赌博\r\n\r\n赌博\n  代开发票  \n', 'lines');
    expect(parsed.words).toEqual(['online casino', '赌博', '代开发票']);
    expect(parsed.repeated).toBe(1);
  });

  it('sets aside what the server would refuse, so one bad line does not sink a file', () => {
    const long = '长'.repeat(65);
    const parsed = parseWordList(`好词\n${long}\n坏\u200b词\n${'长'.repeat(64)}`, 'lines');
    expect(parsed.words).toEqual(['好词', '长'.repeat(64)]);
    expect(parsed.tooLong).toEqual([long]);
    expect(parsed.hidden).toEqual(['坏\u200b词']);
  });

  it('sends long lists in batches the server accepts', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
    const words = Array.from({ length: 12_500 }, (_, i) => `词${i}`);
    expect(batches(words).map((b) => b.length)).toEqual([5000, 5000, 2500]);
    for (const batch of batches(words)) expect(addWordsSchema.safeParse({ words: batch }).success).toBe(true);
    // A full batch of the longest words fits the API's body limit.
    const longest = Array.from({ length: WORD_BATCH }, (_, i) => `${'长'.repeat(SENSITIVE_WORD_MAX - 5)}${String(i).padStart(5, '0')}`);
    expect(Buffer.byteLength(JSON.stringify({ words: longest, confirmSingle: true }))).toBeLessThan(JSON_BODY_MAX);
  });

  it('says what was added and skipped, and what was set aside', () => {
    expect(addedText({ added: 3, skipped: 0 })).toBe('已添加 3 个敏感词');
    expect(addedText({ added: 0, skipped: 2 })).toMatch(/^已添加 0 个敏感词，跳过 2 个（词库中已有/);
    expect(setAsideText({ tooLong: [], hidden: [] })).toBeNull();
    expect(setAsideText({ tooLong: ['长'.repeat(70)], hidden: ['坏\u200b词'] })).toBe(
      `1 个超过 64 个字符「${'长'.repeat(12)}…」；1 个含不可见字符「坏\u200b词」`,
    );
  });
});
