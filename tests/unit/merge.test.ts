import { describe, expect, it } from 'vitest';
import { joinBody, mergeFields, mergeHtml, splitBlocks } from '@/lib/merge';

const p = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');

describe('splitBlocks', () => {
  it('splits a body into its top-level blocks, nested markup kept whole', () => {
    const html =
      '<p>一<strong>二</strong></p>\n<h2>标题</h2><div class="cms-video" data-id="2"><img src="/a.jpg"><p>说明</p></div><hr>尾巴<ul><li>甲</li><li>乙</li></ul>';
    expect(splitBlocks(html)).toEqual([
      '<p>一<strong>二</strong></p>',
      '<h2>标题</h2>',
      '<div class="cms-video" data-id="2"><img src="/a.jpg"><p>说明</p></div>',
      '<hr>',
      '尾巴',
      '<ul><li>甲</li><li>乙</li></ul>',
    ]);
  });
  it('is linear on a large body', () => {
    const big = p(...Array.from({ length: 20000 }, (_, i) => `段落${i}`));
    expect(splitBlocks(big)).toHaveLength(20000);
  });
});

describe('mergeHtml', () => {
  const base = p('第一段', '第二段', '第三段', '第四段');
  it('combines edits to different paragraphs with no conflict, neighbours included', () => {
    const mine = p('第一段', '第二段（我改）', '第三段', '第四段');
    const theirs = p('第一段', '第二段', '第三段（他改）', '第四段');
    const out = mergeHtml(base, mine, theirs);
    expect(out.conflicts).toBe(0);
    expect(joinBody(out.parts)).toBe(p('第一段', '第二段（我改）', '第三段（他改）', '第四段'));
  });
  it('combines an insertion on one side with an edit far away on the other', () => {
    const mine = p('新开头', '第一段', '第二段', '第三段', '第四段');
    const theirs = p('第一段', '第二段', '第三段', '第四段（他改）');
    const out = mergeHtml(base, mine, theirs);
    expect(out.conflicts).toBe(0);
    expect(joinBody(out.parts)).toBe(p('新开头', '第一段', '第二段', '第三段', '第四段（他改）'));
  });
  it('asks about a paragraph both changed, and joins by the choice', () => {
    const mine = p('第一段', '第二段 A', '第三段', '第四段（我改）');
    const theirs = p('第一段（他改）', '第二段 B', '第三段', '第四段');
    const out = mergeHtml(base, mine, theirs);
    expect(out.conflicts).toBe(1);
    const conflict = out.parts.find((x) => 'conflict' in x) as { conflict: { mine: string[]; theirs: string[] } };
    expect(conflict.conflict.mine).toEqual(['<p>第二段 A</p>']);
    expect(conflict.conflict.theirs).toEqual(['<p>第二段 B</p>']);
    expect(joinBody(out.parts, ['theirs'])).toBe(p('第一段（他改）', '第二段 B', '第三段', '第四段（我改）'));
    expect(joinBody(out.parts, ['both'])).toBe(p('第一段（他改）', '第二段 A', '第二段 B', '第三段', '第四段（我改）'));
  });
  it('does not count the editor re-serializing a block as an edit', () => {
    const b = '<p>一</p><div class="cms-vote" data-id="3" contenteditable="false">投票</div>';
    const mine = '<p>一（我改）</p><div contenteditable="false" data-id="3" class="cms-vote">投票</div>';
    const theirs = '<p>一</p><div class="cms-vote" data-id="3">投票</div><p>二</p>';
    const out = mergeHtml(b, mine, theirs);
    expect(out.conflicts).toBe(0);
    expect(joinBody(out.parts)).toContain('<p>一（我改）</p>');
    expect(joinBody(out.parts)).toContain('<p>二</p>');
  });
});

describe('mergeFields', () => {
  type F = { title: string; summary: string; content: string; tagIds: number[] };
  const same = (_: keyof F, a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const names = ['title', 'summary', 'content', 'tagIds'] as const;
  const base: F = { title: '燃气版上市', summary: '旧摘要', content: p('一', '二'), tagIds: [1] };
  it('takes the field only the other side changed, keeps mine, and asks nothing', () => {
    const mine = { ...base, summary: '新摘要' };
    const theirs = { ...base, title: '燃气版正式上市，售价 48.8 万起' };
    const out = mergeFields(base, mine, theirs, { names, html: ['content'], same });
    expect(out.conflicts).toEqual([]);
    expect(out.merged).toEqual({ ...base, title: '燃气版正式上市，售价 48.8 万起', summary: '新摘要' });
    expect(out.theirs).toEqual(['title']);
    expect(out.mine).toEqual(['summary']);
  });
  it('a field both changed differently is a conflict holding mine; the same change is not', () => {
    const mine = { ...base, title: '我的标题', tagIds: [1, 2] };
    const theirs = { ...base, title: '他的标题', tagIds: [1, 2] };
    const out = mergeFields(base, mine, theirs, { names, html: ['content'], same });
    expect(out.conflicts).toEqual(['title']);
    expect(out.merged.title).toBe('我的标题');
    expect(out.merged.tagIds).toEqual([1, 2]);
  });
  it('bodies both changed merge by paragraph; only overlapping paragraphs conflict', () => {
    const clean = mergeFields(base, { ...base, content: p('一（我）', '二') }, { ...base, content: p('一', '二（他）') }, { names, html: ['content'], same });
    expect(clean.conflicts).toEqual([]);
    expect(clean.merged.content).toBe(p('一（我）', '二（他）'));
    const clash = mergeFields(base, { ...base, content: p('一（我）', '二') }, { ...base, content: p('一（他）', '二') }, { names, html: ['content'], same });
    expect(clash.conflicts).toEqual(['content']);
    expect(clash.bodies.content!.conflicts).toBe(1);
  });
});
