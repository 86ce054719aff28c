import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each app declares its own project (environment, setup).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
