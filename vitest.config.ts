import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name,
    root: './apps/server',
    environment: 'node',
    include,
    env: { TEST_DB: db },
    // Every file's PGlite database starts as a copy of one migrated once per run: on PGlite runs each
    // file's own, on PostgreSQL runs the few tests that restart a PGlite folder (a fresh migration of
    // their own took over 30 s on a loaded machine).
    globalSetup: ['./src/test/pglite-template.global-setup.ts'],
    // Each test file builds its own app on its own database. Generous limits that only a failure
    // reaches: no server test waits for the wall clock (the market runs on a test clock,
    // markets.test-support.ts) and set-up takes a second or two.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads: cheaper to start than processes, for every file. Three files at once on two
    // cores: most of a file is CPU (PGlite, the app), the rest waits (sockets, Redis, PostgreSQL).
    pool: 'threads' as const,
    maxWorkers: 3,
    // PGlite (npm test): the files of a worker share one module graph (the app's modules load once a
    // worker, not once a file: that was 40 % of the project's time). Nothing a test depends on is
    // module state: each file builds its own app on its own database and closes it; clocks are read
    // in tests, not at import (a worker imports its files before it runs them). The PostgreSQL run
    // (CI, concurrency tests on a loaded server) keeps a module graph per file: one of its settlement
    // tests failed once when shared (session 8), not reproduced since.
    // (Measured on a quiet machine: the server project 123 s isolated, 77 s shared.)
    isolate: db !== 'pglite',
    sequence: { groupOrder: 0 },
  },
});

// One runner for the whole workspace. Server integration tests run on PGlite; with TEST_DATABASE_URL
// they run again on PostgreSQL, together with the concurrency tests that need a real server.
export default defineConfig({
  test: {
    // The server projects run first, three files at once; then the screen tests (jsdom, CPU-bound
    // and timing-sensitive), two files at a time (one a core), so they never race the server tests
    // for the CPU.
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
