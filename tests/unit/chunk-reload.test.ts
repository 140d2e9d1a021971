import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '@/components/common/chunk-reload';

describe('failed page-part loads (SEED §8: full page reload)', () => {
  it('recognises webpack and dynamic-import chunk failures', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk app-layout failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/x.js'))).toBe(true);
  });
  it('leaves every other error to the error page', () => {
    expect(isChunkLoadError(new Error('request failed!'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});
