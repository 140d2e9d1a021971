import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, mediaTypeOf, refusalText } from '@/lib/api/media';
import { buildTree, childCounts, placeSibling, shiftSibling, siblingIds, subtreeOf } from '@/lib/tree';
import { mediaDeleteRefusal, mediaEditRefusal, scopeDepartments, writeRefusal } from '@/lib/permissions';
import type { Viewer } from '@/lib/permissions';

const viewer = (over: Partial<Viewer> = {}): Viewer => ({ id: 7, isSuper: false, level: 1, departmentId: null, routes: new Set(['/photo']), ...over });

describe('upload helpers', () => {
  it('takes the declared type of its kind, the extension when the browser names none, never another kind', () => {
    expect(mediaTypeOf('pic', { name: 'a.PNG', type: 'image/png' })).toBe('image/png');
    expect(mediaTypeOf('pic', { name: 'a.jpeg', type: '' })).toBe('image/jpeg');
    expect(mediaTypeOf('video', { name: 'clip.mov', type: '' })).toBe('video/quicktime');
    expect(mediaTypeOf('pic', { name: 'x.png', type: 'image/svg+xml' })).toBeNull();
    expect(mediaTypeOf('pic', { name: 'page.html', type: 'text/html' })).toBeNull();
    expect(mediaTypeOf('pic', { name: 'clip.mp4', type: 'video/mp4' })).toBeNull();
    expect(mediaTypeOf('video', { name: 'clip.webm', type: 'application/octet-stream' })).toBe('video/webm');
  });

  it('says why in Chinese, by the kind of refusal', () => {
    expect(refusalText(413, '文件过大（上限 20 MB）', { size: '文件不能超过 20 MB' })).toMatchObject({
      reason: 'tooLarge',
      message: '文件过大：文件不能超过 20 MB',
    });
    expect(refusalText(413, '图片尺寸过大（最多 5000 万像素）', { key: '图片尺寸过大（最多 5000 万像素）' }).message).toBe('图片尺寸过大（最多 5000 万像素）');
    expect(refusalText(429, '上传过于频繁：每人每小时最多 300 个文件，请稍后再试').message).toBe('上传过于频繁：每人每小时最多 300 个文件，请稍后再试');
    expect(refusalText(400, '不支持的文件类型：image/bmp', { mime: '只接受 jpg、png 文件' }).reason).toBe('type');
    expect(refusalText(415, '文件内容与类型不符').message).toContain('文件类型不符');
    expect(refusalText(403, '上传凭证已过期，请重新上传').reason).toBe('expired');
    expect(refusalText(500).message).toBe('上传失败（HTTP 500）');
  });

  it('formats sizes and durations', () => {
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB');
    expect(formatDuration(65.4)).toBe('01:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('library permissions as the screen shows them', () => {
  it('follows the route, then the data scope', () => {
    expect(mediaEditRefusal(viewer(), 'pic', { uploaderId: 1, uploaderDepartmentId: null })).toBeNull();
    expect(mediaEditRefusal(viewer({ routes: new Set() }), 'pic', { uploaderId: 7, uploaderDepartmentId: null })).toContain('只能查看');
    expect(mediaEditRefusal(viewer(), 'video', { uploaderId: 7, uploaderDepartmentId: null })).toContain('视频库');
    expect(mediaEditRefusal(viewer({ level: 3 }), 'pic', { uploaderId: 1, uploaderDepartmentId: null })).toContain('仅本人');
    expect(mediaEditRefusal(viewer({ level: 3 }), 'pic', { uploaderId: 7, uploaderDepartmentId: null })).toBeNull();
    expect(mediaEditRefusal(viewer({ isSuper: true, routes: new Set() }), 'video', { uploaderId: 1, uploaderDepartmentId: null })).toBeNull();
    expect(mediaEditRefusal(null, 'pic', { uploaderId: 1, uploaderDepartmentId: null })).not.toBeNull();
  });
  it('for a 本部门 viewer, refuses items of other departments before confirming (once the departments are known)', () => {
    const tree = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 4, parentId: null },
    ];
    const desk = viewer({ level: 2, departmentId: 2 });
    const mine = scopeDepartments(desk, tree)!;
    expect([...mine].sort()).toEqual([2, 3]);
    expect(scopeDepartments(viewer(), tree)).toBeNull();
    expect(mediaEditRefusal(desk, 'pic', { uploaderId: 9, uploaderDepartmentId: 3 }, mine)).toBeNull();
    expect(mediaEditRefusal(desk, 'pic', { uploaderId: 9, uploaderDepartmentId: 4 }, mine)).toContain('本部门');
    expect(mediaEditRefusal(desk, 'pic', { uploaderId: null, uploaderDepartmentId: null }, mine)).toContain('本部门');
    // Until the departments are known the server's answer stands.
    expect(mediaEditRefusal(desk, 'pic', { uploaderId: 9, uploaderDepartmentId: 4 })).toBeNull();
  });
  it('list writes follow the route, with its name in the reason (writeRefusal)', () => {
    expect(writeRefusal(viewer({ routes: new Set(['/setting/tag']) }), '/setting/tag')).toBeNull();
    expect(writeRefusal(viewer(), '/setting/tag')).toBe('没有「标签管理」的权限，只能查看');
    expect(writeRefusal(viewer({ isSuper: true }), '/setting/tag')).toBeNull();
    expect(writeRefusal(null, '/setting/tag')).toBe('正在加载权限');
  });
  it('refuses deleting a used item before the server does', () => {
    expect(mediaDeleteRefusal({ usageCount: 2 })).toContain('已在 2 处使用');
    expect(mediaDeleteRefusal({ usageCount: 0 })).toBeNull();
  });
});

describe('category tree helpers', () => {
  const rows = [
    { id: 1, parentId: null, name: '新闻' },
    { id: 2, parentId: 1, name: '国内' },
    { id: 3, parentId: null, name: '评测' },
    { id: 4, parentId: 2, name: '北京' },
    { id: 5, parentId: null, name: '导购' },
  ];
  it('nests in sibling order and counts children', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.title)).toEqual(['新闻', '评测', '导购']);
    expect(tree[0].children[0].children[0].title).toBe('北京');
    expect(childCounts(rows).get(1)).toBe(1);
    expect(buildTree(rows, subtreeOf(rows, 1))[0].disabled).toBe(true);
    expect([...subtreeOf(rows, 1)].sort()).toEqual([1, 2, 4]);
  });
  it('moves among siblings by drag or one step', () => {
    expect(siblingIds(rows, 3)).toEqual([1, 3, 5]);
    expect(placeSibling([1, 3, 5], 5, 1, false)).toEqual([5, 1, 3]);
    expect(placeSibling([1, 3, 5], 1, 5, true)).toEqual([3, 5, 1]);
    expect(placeSibling([1, 3, 5], 1, 9, true)).toEqual([1, 3, 5]);
    expect(shiftSibling([1, 3, 5], 3, -1)).toEqual([3, 1, 5]);
    expect(shiftSibling([1, 3, 5], 5, 1)).toEqual([1, 3, 5]);
  });
});
