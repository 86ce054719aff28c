import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    // After the server projects, two files at a time: one a core (see the root vitest.config.ts).
    maxWorkers: 2,
    // Each file gets its own modules (vitest's default). Sharing them (isolate: false) took the project
    // from 74 s to 44 s but antd-mobile's toasts and dialogs live in module state: a late one from another
    // file failed one screen test in about three runs (CI at session 7's stop).
    isolate: true,
    sequence: { groupOrder: 1 },
    name: 'web',
    environment: 'jsdom',
    // A limit only a failure reaches (vitest's default is 5 s): a screen test is CPU-bound and
    // takes several times longer when both cores are busy.
    testTimeout: 60_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens write times in the device's zone: the tests' device is in UTC wherever they run.
    env: { TZ: 'UTC' },
    // antd-mobile ships ESM with CSS imports; let Vite transform it instead of Node.
    server: { deps: { inline: [/antd-mobile/] } },
  },
});
