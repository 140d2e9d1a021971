import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 3100);
export const E2E_ADMIN = { username: 'admin', password: 'E2E#Admin-2026' };
/** The stand-in DingTalk (e2e/fake-dingtalk.ts) the app signs in with; its own port. */
const DINGTALK_PORT = Number(process.env.E2E_DINGTALK_PORT || PORT + 1000);
/** The server's fresh PGlite folder and Playwright's output: one per shard (scripts/e2e.mjs). */
const DATA_DIR = process.env.E2E_DATA_DIR || '.data-e2e';
export const E2E_DINGTALK = { clientId: 'e2e-dingtalk-app', clientSecret: 'e2e-dingtalk-secret', base: `http://127.0.0.1:${DINGTALK_PORT}` };

/**
 * End-to-end suite: Debian's chromium against a production build (`npm run build` first), served
 * on its own fresh PGlite folder so it never shares data with a dev server, with DingTalk sign-in
 * configured against a local stand-in serving the recorded replies (the not-configured screens are
 * unit-tested: tests/unit/dingtalk.test.tsx).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // Journeys build on the state they create: a retry on the same server cannot pass honestly.
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    // A click or fill that cannot happen fails naming its locator, not as a bare test timeout.
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/fake-dingtalk.ts',
      url: `${E2E_DINGTALK.base}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_DINGTALK_PORT: String(DINGTALK_PORT), DINGTALK_CLIENT_ID: E2E_DINGTALK.clientId, DINGTALK_CLIENT_SECRET: E2E_DINGTALK.clientSecret },
    },
    {
      command: `rm -rf ${DATA_DIR} && npx next start -p ${PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        CMS_DATA_DIR: DATA_DIR,
        CMS_ADMIN_USERNAME: E2E_ADMIN.username,
        CMS_ADMIN_PASSWORD: E2E_ADMIN.password,
        DATABASE_URL: '',
        DINGTALK_CLIENT_ID: E2E_DINGTALK.clientId,
        DINGTALK_CLIENT_SECRET: E2E_DINGTALK.clientSecret,
        DINGTALK_LOGIN_BASE: E2E_DINGTALK.base,
        DINGTALK_API_BASE: E2E_DINGTALK.base,
        // The DingTalk callback is made from it, never from a request's Host (issue 14 I7).
        CMS_PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
        // The webhook journey's receiver listens on 127.0.0.1 (production refuses private addresses otherwise).
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
    },
  ],
});
