import { describe, expect, it } from 'vitest';
import { periodError, slotStatus } from '@/lib/resources/operations';
import { advertiseResource, focusHomeResource } from '@/lib/resources/schemas/operations';
import { fieldError } from '@/lib/resources/check';

describe('focus slot and ad rules shared by forms and server', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

  it('status from the period and the switch', () => {
    expect(slotStatus({ enabled: true, startAt: at(-1), endAt: at(1) }, now)).toBe('live');
    expect(slotStatus({ enabled: true, startAt: at(-1), endAt: null }, now)).toBe('live');
    expect(slotStatus({ enabled: true, startAt: at(1), endAt: null }, now)).toBe('scheduled');
    expect(slotStatus({ enabled: false, startAt: at(-1), endAt: null }, now)).toBe('disabled');
    // An ended slot is 已过期 even when switched off: it will not come back by itself.
    expect(slotStatus({ enabled: false, startAt: at(-5), endAt: at(-1) }, now)).toBe('expired');
    // The end itself is already over.
    expect(slotStatus({ enabled: true, startAt: at(-5), endAt: at(0) }, now)).toBe('expired');
  });

  it('the end comes after the start', () => {
    expect(periodError(at(0), at(1))).toBeNull();
    expect(periodError(at(0), null)).toBeNull();
    expect(periodError(at(1), at(1))).toBe('结束时间必须晚于开始时间');
    expect(periodError(at(2), at(1))).toBe('结束时间必须晚于开始时间');
  });

  it('links are http(s) only, pictures come from the library or a link, times are ISO', () => {
    expect(fieldError(focusHomeResource, 'url', 'javascript:alert(1)')).toBe('链接必须是 http:// 或 https:// 开头的链接');
    expect(fieldError(focusHomeResource, 'url', 'https://www.example.com/a?b=1')).toBeNull();
    expect(fieldError(focusHomeResource, 'image', '')).toBe('请选择图片');
    expect(fieldError(focusHomeResource, 'image', '/uploads/pic/2026/11/a.webp')).toBeNull();
    expect(fieldError(focusHomeResource, 'startAt', 'tomorrow')).toBe('开始时间格式不正确');
    expect(fieldError(focusHomeResource, 'startAt', '2026-11-22T12:00:00.000Z')).toBeNull();
    expect(fieldError(advertiseResource, 'position', 'nowhere')).toBe('请选择广告位');
  });
});

describe('retired records hidden by a filter default (ux-2026-11-28 P2-3)', async () => {
  const { isDefaultHiding, isFiltered, showAllPatch, withDefaults } = await import('@/components/crud/list-query');
  const { SLOT_STATUS_FILTER } = await import('@/lib/resources/operations');
  const filters = [{ name: 'keyword', label: '关键词', input: 'keyword' as const }, SLOT_STATUS_FILTER];

  it('applies the default while the address names none, and does not count it as filtering', () => {
    expect(withDefaults(filters, {})).toEqual({ status: 'current' });
    expect(withDefaults(filters, { status: 'expired' })).toEqual({ status: 'expired' });
    expect(isFiltered(filters, { status: 'current' })).toBe(false);
    expect(isFiltered(filters, { status: 'all' })).toBe(false);
    expect(isFiltered(filters, { status: 'expired' })).toBe(true);
    expect(isDefaultHiding(filters, {})).toBe(true);
    expect(isDefaultHiding(filters, { status: 'all' })).toBe(false);
    expect(showAllPatch(filters)).toEqual({ keyword: undefined, status: 'all' });
  });
});

describe('nav icon links (ux-2026-11-28 P3-20)', async () => {
  const { APP_LINK_PATTERN } = await import('@/lib/resources/common');
  it('takes an app’s own scheme and refuses the schemes a browser runs or reads', () => {
    for (const ok of ['truckapp://news', 'truckapp://article?id=1', 'my-app+v2://x']) expect(APP_LINK_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      'javascript://%0aalert(1)',
      'JAVASCRIPT://x',
      'data://x',
      'file:///etc/passwd',
      'intent://x',
      'truckapp:news',
      'truckapp://a b',
      'vbscript://x',
    ])
      expect(APP_LINK_PATTERN.test(bad), bad).toBe(false);
  });
});
