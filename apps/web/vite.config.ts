import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { LeftOutline } from 'antd-mobile-icons';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig } from 'vite';
import { DEFAULT_LANG, LANGS, type Lang } from '../../packages/contract/src/lang';
import { KLINE_INTERVALS } from '../../packages/contract/src/markets';
import {
  firstScreenOutline,
  inlineEntryCss,
  pureContractDeclarations,
  routePreloads,
  serviceWorker,
} from './build-plugins';
import { compactSvg, firstScreenScript, type OutlineParts, type Texts } from './src/app/first-screen-outline';
import { TABS } from './src/app/tab-items';
import { enScreens } from './src/lib/i18n/locales/en-screens';
import { enStart } from './src/lib/i18n/locales/en-start';
import { vnScreens } from './src/lib/i18n/locales/vn-screens';
import { vnStart } from './src/lib/i18n/locales/vn-start';
import { znScreens } from './src/lib/i18n/locales/zn-screens';
import { znStart } from './src/lib/i18n/locales/zn-start';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = 'http://localhost:3000';

/** The outlines of the first screens in index.html (app/first-screen-outline.ts), in every language. */
const OUTLINE_TEXTS: Record<Lang, Texts> = {
  en: { brand: enStart.brand, nav: enStart.nav, home: enScreens.home, markets: enScreens.markets },
  vn: { brand: vnStart.brand, nav: vnStart.nav, home: vnScreens.home, markets: vnScreens.markets },
  zn: { brand: znStart.brand, nav: znStart.nav, home: znScreens.home, markets: znScreens.markets },
};
const outlineParts = (productCss: string): OutlineParts => ({
  tabIcons: TABS.map(({ Icon }) => compactSvg(renderToStaticMarkup(createElement(Icon)))),
  backIcon: compactSvg(renderToStaticMarkup(createElement(LeftOutline))),
  intervals: KLINE_INTERVALS,
  productCss,
});

export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    inlineEntryCss(),
    firstScreenOutline('/features/markets/pages/product-page.tsx', (productCss) =>
      firstScreenScript(OUTLINE_TEXTS, outlineParts(productCss), DEFAULT_LANG),
    ),
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
