import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineProject, type Plugin } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * npm may hoist another React to the workspace root (a peer of some other package): every import of
 * React, ours or a library's, must reach the React this app depends on, resolved from here.
 */
function singleReact(): Plugin {
  return {
    name: 'admin-single-react',
    enforce: 'pre',
    resolveId(source) {
      return /^(react|react-dom)(\/.*)?$/.test(source) ? require.resolve(source) : null;
    },
  };
}

export default defineProject({
  plugins: [singleReact(), react()],
  // ESM builds, so that the libraries below go through Vite (and the plugin) rather than Node's require.
  resolve: { mainFields: ['module', 'main'] },
  test: {
    // After the server projects, two files at a time: one a core (see the root vitest.config.ts).
    maxWorkers: 2,
    // Files of a worker share one module graph: React, the UI library and the app are loaded once a
    // worker instead of once a file (import and environment set-up were most of the project's time).
    // Each test still starts clean: setup files clear the DOM, storage and mocks after every test.
    isolate: false,
    sequence: { groupOrder: 1 },
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    server: {
      deps: {
        inline: [
          /antd/,
          /@ant-design/,
          /@rc-component/,
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
        ],
      },
    },
    // A limit only a failure reaches: a screen test is CPU-bound (antd in jsdom) and takes 5–30 s
    // when both cores are busy; its waits for the screen have their own limit (setup-tests.ts).
    testTimeout: 120_000,
  },
});
