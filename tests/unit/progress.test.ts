import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceProgress, createNavigationWatchdog } from '@/lib/progress';
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

describe('navigation watchdog', () => {
  afterEach(() => vi.useRealTimers());
  const setup = (start = '/') => {
    vi.useFakeTimers();
    const state = { here: start, online: true, loaded: [] as string[] };
    const dog = createNavigationWatchdog({ delayMs: 1000, here: () => state.here, online: () => state.online, load: (t) => state.loaded.push(t) });
    return { state, dog };
  };

  it('a navigation that renders in time is left alone', () => {
    const { state, dog } = setup();
    dog.arm('/article/list');
    vi.advanceTimersByTime(900);
    state.here = '/article/list';
    dog.settle();
    vi.advanceTimersByTime(5000);
    expect(state.loaded).toEqual([]);
  });

  it('a stalled navigation is finished as a full page load, once', () => {
    const { state, dog } = setup();
    dog.arm('/article/videoList');
    vi.advanceTimersByTime(999);
    expect(state.loaded).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(state.loaded).toEqual(['/article/videoList']);
    vi.advanceTimersByTime(5000);
    expect(state.loaded).toHaveLength(1);
  });

  it('a newer navigation replaces the older one', () => {
    const { state, dog } = setup();
    dog.arm('/a');
    vi.advanceTimersByTime(600);
    dog.arm('/b?page=2');
    vi.advanceTimersByTime(600);
    expect(state.loaded).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(state.loaded).toEqual(['/b?page=2']);
  });

  it('waits while offline, then loads once back online', () => {
    const { state, dog } = setup();
    state.online = false;
    dog.arm('/role');
    vi.advanceTimersByTime(3000);
    expect(state.loaded).toEqual([]);
    state.online = true;
    vi.advanceTimersByTime(1000);
    expect(state.loaded).toEqual(['/role']);
  });

  it('does nothing when the browser is already there', () => {
    const { state, dog } = setup('/role');
    dog.arm('/role');
    vi.advanceTimersByTime(2000);
    expect(state.loaded).toEqual([]);
  });
});
