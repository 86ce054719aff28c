import { LANGS } from '@app/contract/lang';
import { KLINE_INTERVALS, type Quote } from '@app/contract/markets';
import { act, screen } from '@testing-library/react';
import { LeftOutline } from 'antd-mobile-icons';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../features/home/pages/home-page';
import ProductPage from '../features/markets/pages/product-page';
import { getQuotes } from '../lib/api/get-quotes';
import { changeLang } from '../lib/i18n';
import { enScreens } from '../lib/i18n/locales/en-screens';
import { enStart } from '../lib/i18n/locales/en-start';
import { vnScreens } from '../lib/i18n/locales/vn-screens';
import { vnStart } from '../lib/i18n/locales/vn-start';
import { znScreens } from '../lib/i18n/locales/zn-screens';
import { znStart } from '../lib/i18n/locales/zn-start';
import { startSession } from '../lib/session';
import { QUOTES } from '../test/markets-fixtures';
import { CONFIG_REPLY, fail, mockApi, ok, renderScreen } from '../test/render';
import { compactSvg, firstScreenScript } from './first-screen-outline';
import { TABS } from './tab-items';
import { TabLayout } from './tab-layout';

// As vite.config.ts builds it into index.html (the product page's built CSS aside).
const SCRIPT = firstScreenScript(
  {
    en: { brand: enStart.brand, nav: enStart.nav, home: enScreens.home, markets: enScreens.markets },
    vn: { brand: vnStart.brand, nav: vnStart.nav, home: vnScreens.home, markets: vnScreens.markets },
    zn: { brand: znStart.brand, nav: znStart.nav, home: znScreens.home, markets: znScreens.markets },
  },
  {
    tabIcons: TABS.map(({ Icon }) => compactSvg(renderToStaticMarkup(createElement(Icon)))),
    backIcon: compactSvg(renderToStaticMarkup(createElement(LeftOutline))),
    intervals: KLINE_INTERVALS,
    productCss: '.price-head{display:flex}',
  },
  'zn',
);

/** #root as index.html's script leaves it at `path`, before any other script has run. */
function outlineAt(path: string): HTMLElement {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<div class="splash"></div>';
  document.body.append(root);
  new Function(SCRIPT)();
  root.remove();
  window.history.replaceState(null, '', '/');
  return root;
}

/** An element's markup as the eye sees it: no router bookkeeping, icons compared apart. */
function shape(element: Element | null): string {
  if (!element) return '(none)';
  const copy = element.cloneNode(true) as Element;
  for (const node of copy.querySelectorAll('[data-discover]')) node.removeAttribute('data-discover');
  for (const icon of copy.querySelectorAll('.tabbar__icon, .navbar__back')) icon.replaceChildren();
  // The same attributes in one order.
  for (const node of [copy, ...copy.querySelectorAll('*')]) {
    const attributes = [...node.attributes].map((a) => [a.name, a.value] as const).sort();
    for (const [name] of attributes) node.removeAttribute(name);
    for (const [name, value] of attributes) node.setAttribute(name, value);
  }
  return copy.outerHTML;
}

describe("index.html's outline of the home screen", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    await act(() => changeLang('en'));
  });

  it.each(LANGS)('is the hero and tab bar React renders, signed out, in %s', async (lang) => {
    await act(() => changeLang(lang));
    const outline = outlineAt('/');
    expect(document.documentElement.lang).toBe({ en: 'en', vn: 'vi', zn: 'zh-Hant' }[lang]);
    mockApi({ '/common/config': CONFIG_REPLY });
    const home = renderScreen(<HomePage />);
    await screen.findByRole('heading', { level: 1 });
    expect(shape(home.container.querySelector('.hero'))).toBe(shape(outline.querySelector('.hero')));
    home.unmount();
    const tabs = renderScreen(<TabLayout />);
    await screen.findByRole('navigation');
    expect(shape(tabs.container.querySelector('.tabbar'))).toBe(shape(outline.querySelector('.tabbar')));
    // The icons are the bar's, drawn the same.
    const icons = [...outline.querySelectorAll('.tabbar__icon svg')];
    expect(icons).toHaveLength(5);
    expect(icons.map((icon) => icon.getAttribute('viewBox'))).toEqual(
      [...tabs.container.querySelectorAll('.tabbar__icon svg')].map((icon) => icon.getAttribute('viewBox')),
    );
  });

  it("is the hero's loading state for a signed-in visitor", async () => {
    startSession('tok');
    const outline = outlineAt('/');
    expect(outline.querySelector('.hero__welcome')?.getAttribute('aria-busy')).toBe('true');
    expect(outline.querySelector('.hero__title')).toBeNull();
  });

  it.each(LANGS)("is a product's page as React renders it before the answer, signed out, in %s", async (lang) => {
    await act(() => changeLang(lang));
    window.localStorage.setItem('chartInterval', '15m');
    const outline = outlineAt('/xq?symbol=btcusdt');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(outline.querySelector('style')?.textContent).toBe('.price-head{display:flex}');
    // The answer never comes: the page stays as it first renders.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const product = renderScreen(<ProductPage />, { path: '/xq', url: '/xq?symbol=btcusdt' });
    await screen.findByRole('heading', { name: 'BTCUSDT' });
    expect(shape(product.container.querySelector('.page'))).toBe(shape(outline.querySelector('.page')));
    expect(outline.querySelector('.interval--active')?.textContent).toBe('15m');
    delete document.documentElement.dataset.theme;
  });

  it("keeps a signed-in visitor's orders' place free of the sign-in note and the order form's links", () => {
    startSession('tok');
    const outline = outlineAt('/xq?symbol=ETHUSDT');
    expect(outline.querySelector('.panel--note')).toBeNull();
    // Signed in, the page trades from its own panel: no links to the order form to flash first.
    expect(outline.querySelector('.trade-bar')).toBeNull();
    delete document.documentElement.dataset.theme;
  });

  it('leaves every other address to the splash', () => {
    for (const path of ['/login', '/hq', '/xq', '/xq?symbol=%20', '/my']) {
      expect(outlineAt(path).innerHTML, path).toBe('<div class="splash"></div>');
    }
    delete document.documentElement.dataset.theme;
  });

  it("dresses '/hq' dark from the first paint, as the screen that replaces the splash, and only '/hq'", () => {
    outlineAt('/hq');
    expect(document.documentElement.dataset.theme).toBe('dark');
    delete document.documentElement.dataset.theme;
    for (const path of ['/login', '/', '/my']) {
      outlineAt(path);
      expect(document.documentElement.dataset.theme, path).toBeUndefined();
    }
  });

  it('reads a stored language it does not know as the default one', () => {
    window.localStorage.setItem('lang', '__proto__');
    expect(outlineAt('/').querySelector('.hero__title')?.textContent).toBe(znScreens.home.signedOutTitle);
  });
});

describe("index.html's early request of the product list", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.localStorage.clear();
    delete (window as unknown as Record<string, unknown>).__earlyRequests;
  });

  it.each(['/hq', '/'])(
    'is sent at %s as the app sends it, and the app takes its answer instead of asking again',
    async (path) => {
      window.localStorage.setItem('lang', 'vn');
      startSession('tok');
      const { calls } = mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
      outlineAt(path);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.path).toBe('/product/list');
      expect(calls[0]?.body).toEqual({});
      expect(calls[0]?.headers.get('Accept-Language')).toBe('vn');
      // Public: the session's token stays in the app's own requests.
      expect(calls[0]?.headers.get('Authorization')).toBeNull();
      await expect(getQuotes(undefined)).resolves.toEqual(QUOTES);
      expect(calls).toHaveLength(1);
      // Taken once: the next list is asked for.
      await expect(getQuotes(undefined)).resolves.toEqual(QUOTES);
      expect(calls).toHaveLength(2);
      expect(calls[1]?.headers.get('Authorization')).toBe('Bearer tok');
    },
  );

  it('is asked again when the early answer failed', async () => {
    let answers = 0;
    const { calls } = mockApi({
      '/product/list': () => (answers++ === 0 ? fail(500, 1000, 'Server busy') : ok<Quote[]>(QUOTES)),
    });
    outlineAt('/hq');
    await expect(getQuotes(undefined)).resolves.toEqual(QUOTES);
    expect(calls).toHaveLength(2);
  });

  it('is left when older than the list stays fresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    outlineAt('/hq');
    vi.setSystemTime(Date.now() + 5_000);
    await expect(getQuotes(undefined)).resolves.toEqual(QUOTES);
    expect(calls).toHaveLength(2);
  });

  it('is not sent at other addresses, nor used for one category', async () => {
    const { calls } = mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    for (const path of ['/login', '/xq?symbol=BTCUSDT', '/my']) outlineAt(path);
    expect(calls).toHaveLength(0);
    outlineAt('/hq');
    await getQuotes('crypto');
    expect(calls.map((call) => call.body)).toEqual([{}, { category: 'crypto' }]);
  });
});
