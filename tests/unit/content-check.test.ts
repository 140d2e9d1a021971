import { describe, expect, it } from 'vitest';
import { articleCheckTexts, htmlText, normalizeForCheck } from '@/server/content/check';

// The content check's text (issue 14 I3): what a reader sees, including alt and title text, folded
// so look-alike letters and marks do not hide a dictionary word.
describe('the content check’s text', () => {
  it('folds Cyrillic, Greek and other look-alikes, full-width forms, accents and invisible characters to plain letters', () => {
    expect(normalizeForCheck('cаsino')).toBe('casino'); // Cyrillic а
    expect(normalizeForCheck('САЅІΝΟ')).toBe('casino'); // Cyrillic С А Ѕ І, Greek Ν Ο
    expect(normalizeForCheck('сasіnο')).toBe('casino'); // Cyrillic с і, Greek ο
    expect(normalizeForCheck('ｃａｓｉｎｏ')).toBe('casino'); // full-width
    expect(normalizeForCheck('𝐜𝐚𝐬𝐢𝐧𝐨')).toBe('casino'); // mathematical bold
    expect(normalizeForCheck('cásíno')).toBe('casino'); // composed accents
    expect(normalizeForCheck('ca\u0301si\u0337no')).toBe('casino'); // combining marks
    expect(normalizeForCheck('c\u00ada\u200bs\u2060i\ufeffn\u200do')).toBe('casino'); // soft hyphen, zero-width
    expect(normalizeForCheck('赌 博・赌.博')).toBe('赌博赌博');
    // Chinese, Japanese kana with voicing marks and Korean come through unchanged.
    expect(normalizeForCheck('代开发票 がぎ 한국어')).toBe('代开发票がぎ한국어');
  });

  it('reads alt and title text as well as the text between tags, entities decoded', () => {
    const html =
      '<p>正文<img src="/uploads/a.jpg" alt="网上赌博" title=\'代开&amp;发票\'><a href="https://x.example" title="cаsino">链接</a></p><img alt=unquoted src=x>';
    expect(htmlText(html, { attributes: true }).replace(/\s+/g, ' ').trim()).toBe('正文 网上赌博 代开&发票 cаsino 链接 unquoted');
    // Without the option (search, log summaries): the text only, as before.
    expect(htmlText(html).replace(/\s+/g, ' ').trim()).toBe('正文 链接');
    // Other attributes are not text: a data-* or src value never counts.
    expect(htmlText('<img src="casino.png" data-title="赌博" alt="">', { attributes: true }).trim()).toBe('');
    // A stray < without a > after it stays text.
    expect(htmlText('<i>c</i> a < b', { attributes: true }).replace(/\s+/g, ' ').trim()).toBe('c a < b');
  });

  it('the texts of an article it checks: title, subtitle, summary, body with alt/title, gallery captions', () => {
    const texts = articleCheckTexts({
      title: '标题',
      subtitle: '副题',
      summary: '摘要',
      content: '<p>正文<img alt="图说"></p>',
      images: [{ caption: '图注' }],
    });
    expect(texts.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['标题', '副题', '摘要', '正文 图说', '图注']);
  });

  it('stays linear: a megabyte of unclosed tags and look-alikes are read in one pass', () => {
    // A generous bound: a quadratic reading of this input takes minutes.
    const started = performance.now();
    htmlText('<a title="x'.repeat(100_000), { attributes: true });
    normalizeForCheck('cаsino\u200b'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
