import { defineConfig } from 'vitest/config';

// Browser journeys against the built app on a real server (started once in global-setup.ts).
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
  },
});
