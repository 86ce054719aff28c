import { LANGS } from '@app/contract/lang';
import { KLINE_INTERVALS } from '@app/contract/markets';
import { act, screen } from '@testing-library/react';
import { LeftOutline } from 'antd-mobile-icons';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../features/home/pages/home-page';
import ProductPage from '../features/markets/pages/product-page';
import { changeLang } from '../lib/i18n';
import { enScreens } from '../lib/i18n/locales/en-screens';
import { enStart } from '../lib/i18n/locales/en-start';
import { vnScreens } from '../lib/i18n/locales/vn-screens';
import { vnStart } from '../lib/i18n/locales/vn-start';
import { znScreens } from '../lib/i18n/locales/zn-screens';
import { znStart } from '../lib/i18n/locales/zn-start';
import { startSession } from '../lib/session';
import { CONFIG_REPLY, mockApi, renderScreen } from '../test/render';
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

  it("keeps a signed-in visitor's orders' place free of the sign-in note", () => {
    startSession('tok');
    const outline = outlineAt('/xq?symbol=ETHUSDT');
    expect(outline.querySelector('.panel--note')).toBeNull();
    expect(outline.querySelector('.trade-bar__btn--up')?.getAttribute('href')).toBe(
      '/trade?symbol=ETHUSDT&direction=up',
    );
    delete document.documentElement.dataset.theme;
  });

  it('leaves every other address to the splash', () => {
    for (const path of ['/login', '/hq', '/xq', '/xq?symbol=%20', '/my']) {
      expect(outlineAt(path).innerHTML, path).toBe('<div class="splash"></div>');
    }
  });

  it('reads a stored language it does not know as the default one', () => {
    window.localStorage.setItem('lang', '__proto__');
    expect(outlineAt('/').querySelector('.hero__title')?.textContent).toBe(znScreens.home.signedOutTitle);
  });
});
