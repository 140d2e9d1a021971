import { describe, expect, it } from 'vitest';
import { diffHtml, diffText, diffTokens, htmlReadText, listChange, sideText, tokenizeHtml, type Token } from '@/lib/diff';

const toks = (s: string): Token[] => Array.from(s, (c) => ({ text: c, key: c }));

describe('word diff for Chinese articles', () => {
  it('segments Chinese into words, not lines or whole paragraphs', () => {
    const parts = diffText('解放J7重卡的油耗表现很好', '解放J7重卡的油耗表现一般');
    expect(parts.filter((p) => p.op !== 'equal')).toEqual([
      { op: 'delete', text: '很好' },
      { op: 'insert', text: '一般' },
    ]);
    expect(parts[0]).toEqual({ op: 'equal', text: '解放J7重卡的油耗表现' });
  });

  it('an insertion in the middle of a paragraph shows only the inserted words', () => {
    const parts = diffHtml('<p>东风天龙发布新车型。</p><p>售价公布。</p>', '<p>东风天龙今日发布新车型。</p><p>售价公布。</p>');
    expect(parts.filter((p) => p.op !== 'equal')).toEqual([{ op: 'insert', text: '今日' }]);
    expect(sideText(parts, 'before')).toBe('东风天龙发布新车型。\n售价公布。');
    expect(sideText(parts, 'after')).toBe('东风天龙今日发布新车型。\n售价公布。');
  });

  it('keeps custom blocks whole: a changed video id is one block out and one in', () => {
    const before = '<p>看视频</p><div class="cms-video" contenteditable="false" data-video-id="12"><img src="/p.jpg"><span>海报</span></div><p>完</p>';
    const after = '<p>看视频</p><div class="cms-video" contenteditable="false" data-video-id="13"><img src="/p.jpg"><span>海报</span></div><p>完</p>';
    const tokens = tokenizeHtml(before);
    expect(tokens.filter((t) => t.block).map((t) => t.text)).toEqual(['【视频 #12】']);
    const changes = diffHtml(before, after).filter((p) => p.op !== 'equal');
    expect(changes).toEqual([
      { op: 'delete', text: '【视频 #12】', block: true },
      { op: 'insert', text: '【视频 #13】', block: true },
    ]);
  });

  it('an unchanged block whose inner HTML the editor wrote differently is unchanged (review P3-10)', () => {
    // The record (sanitized) and an unsaved copy (as the editor serializes it) of the same blocks.
    const saved =
      '<div class="cms-video" contenteditable="false" data-video-id="1"><img src="/uploads/poster/1.jpg" alt=""><p>视频：满载爬坡</p></div>' +
      '<div class="cms-gallery" contenteditable="false" data-pic-ids="4,5"><img src="/t/4.jpg"><img src="/t/5.jpg"></div><p>正文。</p>';
    const typed =
      '<div contenteditable="false" class="cms-video" data-video-id="1"><img alt="" src="/uploads/poster/1.jpg" width="320"><p>视频：满载爬坡</p></div>' +
      '<div class=\'cms-gallery\' contenteditable=\'false\' data-pic-ids=\'4,5\'><img src="/t/4.jpg" style="width: 96px"><img src="/t/5.jpg"></div><p>正文。补一句。</p>';
    expect(diffHtml(saved, typed).filter((p) => p.op !== 'equal')).toEqual([{ op: 'insert', text: '补一句。' }]);
    // The pictures in another order are a change.
    const reordered = saved.replace('data-pic-ids="4,5"', 'data-pic-ids="5,4"');
    expect(
      diffHtml(saved, reordered)
        .filter((p) => p.op !== 'equal')
        .map((p) => p.op),
    ).toEqual(['delete', 'insert']);
  });

  it('nested divs inside a block stay inside the block; text after it is compared as words', () => {
    const html = '<div class="cms-inquiry" data-series-id="3" data-product-id="9"><div><div>J7</div></div></div><p>正文&amp;结尾</p>';
    expect(tokenizeHtml(html).map((t) => t.text)).toEqual(['【询价 #3,9】', '\n', '正文', '&', '结尾']);
    expect(htmlReadText('<p>a&nbsp;b</p><p>&#x4e2d;&#25991;</p>')).toBe('a b\n中文');
  });

  it('images are atomic tokens keyed by their address', () => {
    const parts = diffHtml('<p><img src="/a.jpg" alt="车头"></p>', '<p><img src="/b.jpg" alt="车头"></p>');
    expect(parts).toEqual([
      { op: 'delete', text: '【图片：车头】', block: true },
      { op: 'insert', text: '【图片：车头】', block: true },
    ]);
  });

  it('identical, empty and fully different inputs', () => {
    expect(diffHtml('<p>相同</p>', '<p>相同</p>')).toEqual([{ op: 'equal', text: '相同' }]);
    expect(diffHtml('', '')).toEqual([]);
    expect(diffHtml('', '<p>新写的</p>')).toEqual([{ op: 'insert', text: '新写的' }]);
    expect(diffHtml('<p>旧的</p>', '')).toEqual([{ op: 'delete', text: '旧的' }]);
  });

  it('Myers finds a shortest script: both sides rebuild from the parts', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = '车卡油耗新旧的了';
    for (let n = 0; n < 300; n++) {
      const a = Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const b = Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const parts = diffTokens(toks(a), toks(b));
      expect(sideText(parts, 'before')).toBe(a);
      expect(sideText(parts, 'after')).toBe(b);
    }
  });

  it('the edit script is minimal on a known case (LCS length)', () => {
    const parts = diffTokens(toks('ABCABBA'), toks('CBABAC'));
    const changed = parts.filter((p) => p.op !== 'equal').reduce((n, p) => n + p.text.length, 0);
    // Folding lone equal characters may lengthen the script; without it Myers' D is 5.
    expect(changed).toBeGreaterThanOrEqual(5);
    expect(sideText(parts, 'before')).toBe('ABCABBA');
    expect(sideText(parts, 'after')).toBe('CBABAC');
  });

  it('a lone shared character between two changes is folded into one change', () => {
    const parts = diffText('今天天气很好的样子', '昨日风雨太大的时候');
    expect(parts.every((p) => p.op !== 'equal' || p.text.length > 1)).toBe(true);
    expect(sideText(parts, 'after')).toBe('昨日风雨太大的时候');
  });

  it('beyond the distance cap it answers all-replaced, still correct', () => {
    const parts = diffTokens(toks('abcdef'), toks('uvwxyz'), 2);
    expect(parts).toEqual([
      { op: 'delete', text: 'abcdef' },
      { op: 'insert', text: 'uvwxyz' },
    ]);
  });

  it('a long article diffs quickly', () => {
    const para = '重卡市场在今年第三季度迎来了明显的回暖，多家主机厂的销量同比增长超过两成。';
    const before = Array.from({ length: 300 }, (_, i) => `<p>${i}${para}</p>`).join('');
    const after = before.replace('<p>150', '<p>150新增的一句话。').replace('<p>7重卡', '<p>7轻卡');
    const t0 = performance.now();
    const parts = diffHtml(before, after);
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(parts.filter((p) => p.op === 'insert').map((p) => p.text)).toEqual(['轻', '新增的一句话。']);
  });

  it('list changes: added, removed, reordered', () => {
    expect(listChange([1, 2, 3], [3, 2, 1])).toEqual({ added: [], removed: [], reordered: true });
    expect(listChange([1, 2, 3], [1, 3, 4])).toEqual({ added: [4], removed: [2], reordered: false });
    expect(listChange<{ url: string }>([{ url: 'a' }], [{ url: 'a' }], (x) => x.url).reordered).toBe(false);
  });
});
