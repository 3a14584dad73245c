import { defineConfig } from '@playwright/test';
import { launchOptions } from './e2e/browser';

/**
 * End-to-end tests against a running full stack (local gateway serving the built SPA and the API).
 * Uses Debian's Chromium; no browser is downloaded.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

/**
 * Specs that sweep screens, or work in data of their own (an organisation they sign up, a
 * campaign they make), and change nothing other specs depend on; they neither record nor
 * upload. The rest (the flows) upload, record in real time and wait on the media worker.
 */
const SWEEPS =
  /(accessibility|phone-fit|contributor-languages|publishing-screens|layout-and-controls|users|organisation|long-text|integrations-keys|staff-budget|campaign-share)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two lanes share the machine's two cores (see `projects`). E2E_WORKERS=1 runs everything one
  // test after another.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
    // A failed test keeps its trace with the page's DOM at each step; without the screencast
    // (screenshots), which cost the browser about 40 % of its CPU (docs/BENCHMARKS.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: launchOptions(),
  },
  // The screen sweeps (axe, phone fit, languages: they read what other specs make and change
  // nothing another spec reads) and the specs working in data of their own run in a lane of
  // their own beside the flows, which stay one at a time: their uploads, e-mails and media jobs
  // would otherwise compete with each other for the media worker and the cores, and the
  // recording specs wait on real time (a 30-second take lasts 30 seconds), so the other lane
  // fills that time. The two lanes take about as long as each other (docs/BENCHMARKS.md, "The
  // test command").
  projects: [
    { name: 'sweeps', testMatch: SWEEPS, workers: 1, use: { browserName: 'chromium' } },
    { name: 'flows', testIgnore: SWEEPS, workers: 1, use: { browserName: 'chromium' } },
  ],
});
