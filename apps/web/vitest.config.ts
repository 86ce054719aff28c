import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    // After the server projects, one file at a time (see the root vitest.config.ts).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // antd-mobile ships ESM with CSS imports; let Vite transform it instead of Node.
    server: { deps: { inline: [/antd-mobile/] } },
  },
});
