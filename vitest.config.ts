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
  },
});

// One runner for the whole workspace. Server integration tests run on PGlite; with TEST_DATABASE_URL
// they run again on PostgreSQL, together with the concurrency tests that need a real server.
export default defineConfig({
  test: {
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
