import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // As the other projects of its group (apps/web, apps/admin): vitest wants one worker count per group.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
