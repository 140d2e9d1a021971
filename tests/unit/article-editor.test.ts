import { describe, expect, it } from 'vitest';
import { blockHtml, splitBody, type BlockInput } from '@/components/articles/body/blocks';
import { canonicalHtml, plainText, textToHtml, fieldsKey } from '@/components/articles/editor/conflict';
import { addPictures, moveItem } from '@/components/articles/editor/gallery-field';
import { copyDelay, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS, newerCopy } from '@/components/editorial/local-copy';
import { EMPTY_FIELDS, fieldsOf, type ArticleFields } from '@/components/articles/api';
import { sanitizeArticleHtml } from '@/server/content/sanitize';

const BLOCKS: BlockInput[] = [
  { kind: 'video', id: 12, title: '解放J7 <试驾>', poster: '/uploads/p/poster.jpg' },
  { kind: 'vr', id: 3, title: '东风天龙 VR', cover: 'https://cdn.example.com/vr.jpg' },
  { kind: 'inquiry', seriesId: 5, productId: 51, title: '解放J6P 460马力', price: 45.8 },
  { kind: 'vote', id: 7, title: '年度重卡" onmouseover="x' },
  {
    kind: 'gallery',
    pics: [
      { id: 1, url: '/uploads/a.jpg' },
      { id: 2, url: 'javascript:alert(1)' },
      { id: 3, url: 'https://cdn.example.com/c.jpg' },
    ],
  },
];

describe('custom blocks', () => {
  it('each button inserts a block the server sanitizer keeps exactly (class, contenteditable, data-* ids)', () => {
    for (const input of BLOCKS) {
      const html = blockHtml(input);
      const stored = sanitizeArticleHtml(html);
      const open = (s: string) => s.match(/^<div[^>]*>/)![0];
      expect(open(stored), input.kind).toBe(
        open(html)
          .replace(/ contenteditable="false"/, '')
          .replace(/^<div class="([^"]+)"/, '<div class="$1" contenteditable="false"'),
      );
      expect(splitBody(stored)).toHaveLength(1);
    }
  });

  it('escapes titles and drops unsafe picture sources', () => {
    expect(blockHtml(BLOCKS[0])).toContain('解放J7 &lt;试驾&gt;');
    expect(blockHtml(BLOCKS[3])).not.toContain('" onmouseover');
    const gallery = blockHtml(BLOCKS[4]);
    expect(gallery).toContain('data-pic-ids="1,2,3"');
    expect(gallery).not.toContain('javascript');
    expect(() => blockHtml({ kind: 'vote', id: 0, title: 'x' })).toThrow();
  });

  it('splits a stored body into HTML and blocks read from their ids, skipping the blocks’ inner HTML', () => {
    const body = `<p>前言</p>${BLOCKS.map((b) => sanitizeArticleHtml(blockHtml(b))).join('<p>中间</p>')}<div><p>普通容器</p></div><p>结尾</p>`;
    const pieces = splitBody(body);
    expect(pieces.filter((p) => p.type === 'block').map((p) => (p.type === 'block' ? p.block : null))).toEqual([
      { kind: 'video', id: 12 },
      { kind: 'vr', id: 3 },
      { kind: 'inquiry', seriesId: 5, productId: 51 },
      { kind: 'vote', id: 7 },
      { kind: 'gallery', ids: [1, 2, 3] },
    ]);
    const html = pieces.flatMap((p) => (p.type === 'html' ? [p.html] : [])).join('|');
    expect(html).toBe('<p>前言</p>|<p>中间</p>|<p>中间</p>|<p>中间</p>|<p>中间</p>|<div><p>普通容器</p></div><p>结尾</p>');
    expect(html).not.toContain('试驾');
  });

  it('a block whose ids were stripped is plain HTML', () => {
    expect(splitBody('<div class="cms-video"><p>x</p></div>')).toEqual([{ type: 'html', html: '<div class="cms-video"><p>x</p></div>' }]);
  });
});

describe('stale saves', () => {
  it('shows bodies as text with blocks named, and turns a description into paragraphs', () => {
    expect(plainText('<p>一 &amp; 二</p><div class="cms-vote" contenteditable="false" data-activity-id="2"><p>投票：x</p></div><p>三</p>')).toBe(
      '一 & 二\n［投票］投票：x\n\n三',
    );
    expect(textToHtml('第一行\n\n<第二行>\n')).toBe('<p>第一行</p><p>&lt;第二行&gt;</p>');
    expect(plainText(textToHtml('甲\n乙'))).toBe('甲\n乙');
  });

  it('a body re-serialized by the editor is not a change', () => {
    expect(canonicalHtml('<div data-vr-id="3" class="cms-vr"><p>x</p></div>\n<p>&nbsp;</p>')).toBe(
      canonicalHtml('<div class="cms-vr" contenteditable="false" data-vr-id="3"><p>x</p></div>'),
    );
    expect(canonicalHtml('<p>甲</p>')).not.toBe(canonicalHtml('<p>乙</p>'));
    expect(canonicalHtml('<p>6&times;4&nbsp;牵引车</p>')).toBe(canonicalHtml('<p>6×4\u00a0牵引车</p>'));
    expect(canonicalHtml('<p><img src="/uploads/a.png" width="240" /></p>\n')).toBe(canonicalHtml('<p><img width="240" src="/uploads/a.png"></p>'));
  });

  it('fieldsOf keeps only the editable fields', () => {
    expect(Object.keys(fieldsOf({ title: 'x', id: 3, version: 2 } as Partial<ArticleFields>)).sort()).toEqual(Object.keys(EMPTY_FIELDS).sort());
  });
});

describe('autosave copies', () => {
  const fields = { ...EMPTY_FIELDS, title: '已保存' };
  const at = (s: string) => `2026-11-22T10:00:${s}.000Z`;
  it('offers the newest copy that is newer than the record and differs from it', () => {
    type Copy = { source: 'local' | 'server'; savedAt: string; baseVersion: number; data: Partial<ArticleFields> };
    const local: Copy = { source: 'local', savedAt: at('10'), baseVersion: 1, data: { ...fields, title: '本机' } };
    const server: Copy = { source: 'server', savedAt: at('20'), baseVersion: 1, data: { title: '服务器' } };
    expect(newerCopy({ updatedAt: at('05'), fields }, [local, server], fieldsKey)?.source).toBe('server');
    expect(newerCopy({ updatedAt: at('15'), fields }, [local, null], fieldsKey)).toBeNull();
    expect(newerCopy({ updatedAt: at('05'), fields }, [{ ...server, data: { title: '已保存' } }], fieldsKey)).toBeNull();
    expect(newerCopy({ updatedAt: null, fields: EMPTY_FIELDS }, [local], fieldsKey)?.data.title).toBe('本机');
  });
});

describe('autosave while typing without a pause (issue 15)', () => {
  it('writes 2 s after the last key, but never later than 10 s after the first unsaved one', () => {
    const start = 1_000_000;
    // One key every 150 ms: the delay would restart forever; the wait shrinks to the 10 s mark.
    expect(copyDelay(start, start, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS)).toBe(2000);
    expect(copyDelay(start + 9000, start, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS)).toBe(1000);
    expect(copyDelay(start + 9950, start, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS)).toBe(50);
    expect(copyDelay(start + 12_000, start, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS)).toBe(0);
  });
});

describe('gallery order', () => {
  it('moves an item, and adds pictures once each', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    const list = addPictures(
      [{ picId: 1, url: '/uploads/1.jpg', caption: '一' }],
      [
        { id: 1, url: '/uploads/1.jpg', title: '' },
        { id: 2, url: '/uploads/2.jpg', title: '' },
      ],
    );
    expect(list).toEqual([
      { picId: 1, url: '/uploads/1.jpg', caption: '一' },
      { picId: 2, url: '/uploads/2.jpg', caption: '' },
    ]);
  });
});
