import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Resolve React from this app, wherever npm placed it: the workspace root may also hold another copy.
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const REACT_DIRS: Record<string, string> = { react: packageDir('react'), 'react-dom': packageDir('react-dom') };

export default defineProject({
  plugins: [react()],
  resolve: {
    // ESM builds, so that the libraries below go through Vite (and the alias) rather than Node's require.
    mainFields: ['module', 'main'],
    alias: [{ find: /^(react|react-dom)(\/.*)?$/, replacement: '$1$2', customResolver: resolveReact }],
  },
  test: {
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
    testTimeout: 20_000,
  },
});

function resolveReact(source: string): string {
  const [, name = '', rest = ''] = /^(react|react-dom)(\/.*)?$/.exec(source) ?? [];
  return require.resolve(`${REACT_DIRS[name]}${rest}`);
}
