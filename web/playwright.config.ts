import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against a running full stack (local gateway serving the built SPA and the API).
 * Uses Debian's Chromium; no browser is downloaded.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME, set by infra/scripts/test.sh) names the failures
  // in the test command's summary.
  reporter: [
    ['list'],
    ...(process.env.CI ? ([['html', { open: 'never' }]] as const) : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ([['json']] as const) : []),
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
