import { defineConfig } from '@playwright/test';
import { CHROME_ARGS, VIEWPORT } from './support/browser.js';
import { baseUrl, serverEnv } from './support/server.js';

// Browser journeys against the built app on a real server: `npm run test:e2e` (see run.mjs), or
// `npx playwright test -c e2e` after `npm run build`.
export default defineConfig({
  testDir: '.',
  // `*.e2e.ts`, not `*.spec.ts`: the names say these are the browser journeys, not unit tests.
  testMatch: '**/*.e2e.ts',
  outputDir: '../artifacts/e2e/results',
  // One journey at a time, as before (vitest ran one file at a time). The journeys share one server
  // and its per-address rate limits: with two workers, the set-ups' payment-password calls go over
  // the 10 a minute allowed (1401 Too many requests), which the server keeps as in production. Two
  // workers would save about a minute of 3.5 on two cores, where the server and Chromium run as well.
  workers: 1,
  fullyParallel: false,
  // A failure is a failure, on CI too: a journey that passes only on a retry is a bug to fix.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous, because a test here is a whole journey; the steps themselves wait for what they need
  // to see (web-first assertions), never for a fixed time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: '../artifacts/e2e/report', open: 'never' }],
    ['./support/summary-reporter.ts'],
  ],
  use: {
    baseURL: baseUrl(),
    browserName: 'chromium',
    // Debian's Chromium: Playwright's own browser builds cannot be downloaded here, and are not needed.
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROME_ARGS },
    // Mobile-first: every phone screen at 390x844 (the back office opens its own desktop-sized context).
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-US',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node e2e/support/web-server.mjs',
    cwd: '..',
    url: `${baseUrl()}/api/health`,
    env: serverEnv(),
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and the wrapper remove the data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
