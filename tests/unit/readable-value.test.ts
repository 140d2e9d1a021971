import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { readableValue } from '@/components/log/readable-value';

describe('operation-log values as staff read them', () => {
  it('names route paths and data scopes', () => {
    expect(readableValue('routes', ['/article/list', '/photo'])).toBe('文章列表、图片库');
    expect(readableValue('routes', ['/gone'])).toBe('/gone');
    expect(readableValue('routes', [])).toBe('（无）');
    expect(readableValue('level', 3)).toBe('仅本人数据');
    expect(readableValue('level', 9)).toBe('9');
  });

  it('shows times in local time, booleans as 是/否, other values as they are', () => {
    const iso = '2026-11-22T05:37:46.516Z';
    expect(readableValue('updatedAt', iso)).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm:ss'));
    expect(readableValue('enabled', false)).toBe('否');
    expect(readableValue('name', '文章编辑')).toBe('文章编辑');
    expect(readableValue('sort', 0)).toBe('0');
    expect(readableValue('extra', { a: 1 })).toBe('{"a":1}');
  });
});
