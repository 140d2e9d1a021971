import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@': root };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Component tests type through user-event; on a busy two-core machine one took 5 s.
          testTimeout: 20_000,
          // Both cores (Vitest's default leaves one free on two): most of a file's time is importing antd.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias: { ...alias, 'server-only': path.join(root, 'tests/api/server-only-stub.ts') } },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Generous: the permission walk calls every route three times, and CI machines are shared.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file opens its own in-memory PGlite; two cores, so keep the pool small.
          maxWorkers: 2,
        },
      },
    ],
  },
});
