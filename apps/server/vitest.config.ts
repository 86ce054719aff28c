import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file builds its own app on its own database; PGlite start-up needs a little time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
