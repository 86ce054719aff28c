import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name,
    root: './apps/server',
    environment: 'node',
    include,
    env: { TEST_DB: db },
    // Each test file builds its own app on its own database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests mostly wait (databases, sockets, the one-a-second ticks): three files at once.
    maxWorkers: 3,
    sequence: { groupOrder: 0 },
  },
});

// One runner for the whole workspace. Server integration tests run on PGlite; with TEST_DATABASE_URL
// they run again on PostgreSQL, together with the concurrency tests that need a real server.
export default defineConfig({
  test: {
    // The server projects run first, three files at once; then the screen tests (jsdom, CPU-bound
    // and timing-sensitive), one file at a time, so they never race a busy CPU. On two cores that
    // keeps the run near 12 minutes instead of 18, and CI well under its 30.
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    projects: [
      'packages/contract',
      'apps/web',
      'apps/admin',
      serverProject('server', 'pglite', ['src/**/*.test.ts']),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-pg', 'postgres', ['src/**/*.test.ts', 'src/**/*.pg-test.ts'])]
        : []),
      ...(process.env.TEST_REDIS_URL ? [serverProject('server-redis', 'pglite', ['src/**/*.redis-test.ts'])] : []),
    ],
  },
});
