import { describe, expect, it } from 'vitest';
import { advanceProgress } from '@/lib/progress';
import { decodeUserDetail, encodeUserDetail } from '@/lib/user-detail-header';

describe('loading bar steps (SEED §9)', () => {
  it('starts at 30%', () => {
    expect(advanceProgress(0)).toBe(30);
  });
  it('then advances by 45% of what is left', () => {
    expect(advanceProgress(30)).toBe(62);
    expect(advanceProgress(62)).toBe(79);
  });
  it('never completes on its own', () => {
    let p = 0;
    for (let i = 0; i < 50; i++) p = advanceProgress(p);
    expect(p).toBe(95);
  });
});

describe('user detail header codec', () => {
  it('round-trips Chinese names through an ASCII header value', () => {
    const detail = { status: 0, data: { name: '张编辑' }, auth: { '/': { name: '工作台' } } };
    const encoded = encodeUserDetail(detail);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeUserDetail(encoded)).toEqual(detail);
  });
  it('rejects garbage and absent values', () => {
    expect(decodeUserDetail('not base64 json')).toBeNull();
    expect(decodeUserDetail(btoa('{"x":1}'))).toBeNull();
    expect(decodeUserDetail(null)).toBeNull();
  });
});
