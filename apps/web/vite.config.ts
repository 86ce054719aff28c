import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEFAULT_LANG, LANGS } from '../../packages/contract/src/lang';
import { inlineEntryCss, pureContractDeclarations, routePreloads, serviceWorker } from './build-plugins';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    inlineEntryCss(),
    routePreloads({
      routerFile: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)),
      langs: LANGS,
      defaultLang: DEFAULT_LANG,
      antdLocales: { en: '/locales/en-US.js', vn: '/locales/vi-VN.js', zn: '/locales/zh-TW.js' },
    }),
    pureContractDeclarations(fileURLToPath(new URL('../../packages/contract/src/', import.meta.url))),
    serviceWorker(readFileSync(fileURLToPath(new URL('./service-worker.js', import.meta.url)), 'utf8')),
  ],
  resolve: {
    // One React for the app and every library, whatever the workspace hoists.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    reportCompressedSize: true,
    // Lists each chunk's static imports: the bench sums what /login needs to become interactive.
    manifest: true,
  },
  server: {
    proxy: {
      '/api/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
});
