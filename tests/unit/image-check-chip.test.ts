import { describe, expect, it } from 'vitest';
import { showsCheckVerdict } from '@/lib/api/media';

/** Review P3-2 (issue 15): no grey 未检测 on every picture when nothing checks pictures. */
describe('the picture check chip', () => {
  it('leaves 未检测 out without a check service, and while that is not yet known', () => {
    expect(showsCheckVerdict(0, false)).toBe(false);
    expect(showsCheckVerdict(0, null)).toBe(false);
    expect(showsCheckVerdict(0, true)).toBe(true);
  });
  it('always shows a verdict a picture has (checked while a service was configured)', () => {
    for (const status of [1, 2, 3]) {
      expect(showsCheckVerdict(status, false)).toBe(true);
      expect(showsCheckVerdict(status, null)).toBe(true);
    }
  });
});
