import type { Lang } from '@app/contract/lang';
import { EARLY_REQUEST_PATHS, EARLY_REQUESTS_GLOBAL } from '../lib/api/early-requests';
import type { Messages } from '../lib/i18n/locales/types';

/**
 * The outline of the first screens people open from outside (home, and a product's page from a
 * shared link) in index.html, drawn before any script has downloaded: on a slow phone the visitor
 * reads the screen's texts (what Lighthouse times as its LCP) about a second and a half sooner than
 * when React has rendered them. A small inline script, built here from the three languages' texts,
 * puts the outline in #root in the stored language; React replaces it with the same markup, as it
 * renders before any answer has come (the test beside this file holds the two together). Other
 * addresses keep the splash; at '/hq' it is dark from the first paint, as the dark screen that
 * replaces it (features/markets/hooks/use-dark-theme.ts). The server allows this one script by its hash
 * (apps/server http/security-headers.ts).
 */

/** <html lang> of each language (lib/i18n sets the same once the app runs). */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

/** Stands for the hero's welcome part, which differs signed in and out. */
const WELCOME = '\u0001';
/** Followed by a digit, stands for a tab's icon (icons are the same in every language). */
const ICON = '\u0002';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type Texts = Pick<Messages, 'brand' | 'nav' | 'home'> & {
  markets: Pick<
    Messages['markets'],
    'open24h' | 'high24h' | 'low24h' | 'volume24h' | 'interval' | 'loginForOrders' | 'buyRise' | 'buyFall'
  >;
};

interface Outline {
  /** The screen with WELCOME and ICON placeholders. */
  frame: string;
  signedOut: string;
  signedIn: string;
}

/** app/tab-layout.tsx's bar as React renders it at '/'. */
function tabBar(texts: Texts): string {
  const tabs = TAB_LINKS.map(({ to, label }, index) => {
    const isActive = to === '/';
    return (
      `<a${isActive ? ' aria-current="page"' : ''} class="tabbar__item${isActive ? ' active' : ''}" href="${to}">` +
      `<span class="tabbar__icon" aria-hidden="true">${ICON}${index}</span>` +
      `<span class="tabbar__label">${escapeHtml(label(texts))}</span></a>`
    );
  });
  return `<nav class="tabbar" aria-label="${escapeHtml(texts.nav.home)}">${tabs.join('')}</nav>`;
}

const TAB_LINKS: { to: string; label: (texts: Texts) => string }[] = [
  { to: '/', label: (texts) => texts.nav.home },
  { to: '/hq', label: (texts) => texts.nav.quotes },
  { to: '/lc', label: (texts) => texts.nav.products },
  { to: '/kf', label: (texts) => texts.nav.support },
  { to: '/my', label: (texts) => texts.nav.mine },
];

/** features/home/pages/home-page.tsx's hero before any answer has come (no config, no profile). */
export function homeOutline(texts: Texts): Outline {
  const hero =
    '<header class="hero"><div class="hero__brand"><img alt="" width="36" height="36" src="/icon.svg">' +
    `<span class="hero__name">${escapeHtml(texts.brand.name)}</span></div>${WELCOME}</header>`;
  return {
    frame: `<div class="page page--tabs"><main class="page__body page__body--tab home">${hero}<div class="home__content"></div></main>${tabBar(texts)}</div>`,
    signedOut:
      `<div class="hero__welcome"><h1 class="hero__title">${escapeHtml(texts.home.signedOutTitle)}</h1>` +
      `<p class="hero__text">${escapeHtml(texts.home.signedOutText)}</p><div class="hero__actions">` +
      `<a class="btn btn--light" href="/login">${escapeHtml(texts.home.login)}</a>` +
      `<a class="btn btn--outline-light" href="/reg">${escapeHtml(texts.home.register)}</a></div></div>` +
      `<p class="hero__tagline">${escapeHtml(texts.brand.tagline)}</p>`,
    signedIn:
      '<div class="hero__welcome" aria-busy="true"><div class="skeleton skeleton--line skeleton--on-dark"></div></div>',
  };
}

/** An icon's markup without what a 22 px drawing does not need (ids, an unused namespace, long decimals). */
export function compactSvg(svg: string): string {
  return svg
    .replace(/ id="[^"]*"/g, '')
    .replace(/ xmlns:xlink="[^"]*"/g, '')
    .replace(/(\d\.\d\d)\d+/g, '$1');
}

/**
 * features/markets/pages/product-page.tsx before the product's answer (prices '--', the chart's
 * place kept). The symbol, the links that carry it, the chosen interval and, signed in, the orders'
 * place (no note) and no trade links (the page's own order panel replaces them) are filled in by the script, which puts the page's styles (markets.css and the
 * source label's) before it: the page's own stylesheets load with its chunk.
 */
export function productOutline(texts: Texts, intervals: readonly string[], backIcon: string): string {
  const stats = [texts.markets.open24h, texts.markets.high24h, texts.markets.low24h, texts.markets.volume24h]
    .map((label) => `<div class="stats__item"><dt>${escapeHtml(label)}</dt><dd>--</dd></div>`)
    .join('');
  const buttons = intervals
    .map((interval) => `<button type="button" aria-pressed="false" class="interval">${escapeHtml(interval)}</button>`)
    .join('');
  return (
    '<div class="page page--nav markets-page"><header class="navbar">' +
    `<button type="button" class="navbar__back" aria-label="${escapeHtml(texts.nav.back)}">${backIcon}</button>` +
    '<h1 class="navbar__title"></h1><div class="navbar__right"></div></header><main class="page__body">' +
    '<header class="price-head"><p class="price-head__last is-flat" aria-live="off">--</p><p class="price-head__change">' +
    '<span class="is-flat">--</span><span class="change change--pill is-flat">--</span></p></header>' +
    `<dl class="stats">${stats}</dl><section class="panel panel--chart"><fieldset class="intervals">` +
    `<legend class="sr-only">${escapeHtml(texts.markets.interval)}</legend>${buttons}</fieldset>` +
    '<div class="chart chart--pending" aria-hidden="true"></div><div class="chart__foot"></div></section>' +
    `<p class="panel panel--note"><a class="link">${escapeHtml(texts.markets.loginForOrders)}</a></p>` +
    `<div class="trade-bar"><a class="trade-bar__btn trade-bar__btn--up">▲ ${escapeHtml(texts.markets.buyRise)}</a>` +
    `<a class="trade-bar__btn trade-bar__btn--down">▼ ${escapeHtml(texts.markets.buyFall)}</a></div></main></div>`
  );
}

/** The markup of #root the script writes at '/' (what the tests compare with React's). */
export function fillOutline(outline: Outline, icons: readonly string[], isSignedIn: boolean): string {
  return outline.frame
    .replace(WELCOME, isSignedIn ? outline.signedIn : outline.signedOut)
    .replace(new RegExp(`${ICON}(\\d)`, 'g'), (_match, index: string) => icons[Number(index)] ?? '');
}

/** What the outlines draw besides the texts, made at build time (vite.config.ts). */
export interface OutlineParts {
  /** The tab bar's icons as markup (tab-items.ts's components), in the bar's order. */
  tabIcons: readonly string[];
  /** NavPage's back icon as markup. */
  backIcon: string;
  /** The chart's intervals (the contract's KLINE_INTERVALS). */
  intervals: readonly string[];
  /** The product page's stylesheets (built, minified). */
  productCss: string;
}

/**
 * The inline script's source. The stored language, session and chart interval are read as
 * lib/storage and the product page read them ('lang', 'accessToken', 'chartInterval').
 */
export function firstScreenScript(textsByLang: Record<Lang, Texts>, parts: OutlineParts, defaultLang: Lang): string {
  const outlines = Object.fromEntries(
    Object.entries(textsByLang).map(([lang, texts]) => [
      lang,
      {
        lang: HTML_LANG[lang as Lang],
        ...homeOutline(texts),
        product: productOutline(texts, parts.intervals, parts.backIcon),
      },
    ]),
  );
  // The lists both screens show, asked for now (lib/api/early-requests.ts), as lib/api/client asks:
  // POST to lib/api/client's API_BASE, no parameters, in the stored language; public, so without the
  // session's token.
  const earlyRequests = `window[${JSON.stringify(EARLY_REQUESTS_GLOBAL)}]={${EARLY_REQUEST_PATHS.map(
    (path) => `${JSON.stringify(path)}:{at:Date.now(),response:E(${JSON.stringify(`/api${path}`)})}`,
  ).join(',')}}`;
  // E: a request as the app would send it, its failure handled (the app, if it takes it, asks again).
  const earlyRequest =
    'E=function(u){var f=fetch(u,{method:"POST",headers:{Accept:"application/json","Accept-Language":l,"Content-Type":"application/json"},body:"{}"});f.catch(function(){});return f}';
  // '<' as \u003c: no text can end the <script> element early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){try{var d=document,s=localStorage,O=${json(outlines)},I=${json(parts.tabIcons)},V=${json(parts.intervals)},C=${json(parts.productCss)},l=s.getItem("lang");if(!Object.prototype.hasOwnProperty.call(O,l))l=${json(defaultLang)};var o=O[l],p=location.pathname.replace(/\\/+$/,"")||"/",r=d.getElementById("root"),t=s.getItem("accessToken"),${earlyRequest};if(p==="/"||p==="/hq")${earlyRequests};if(p==="/"){r.innerHTML=o.frame.replace("\\u0001",t?o.signedIn:o.signedOut).replace(/\\u0002(\\d)/g,function(m,i){return I[i]})}else if(p==="/xq"){var y=(new URLSearchParams(location.search).get("symbol")||"").trim().toUpperCase();if(!y)return;r.innerHTML="<style>"+C+"</style>"+o.product;d.documentElement.dataset.theme="dark";r.querySelector(".navbar__title").textContent=y;var n=r.querySelector(".panel--note"),q=r.querySelector(".trade-bar"),b=q.querySelectorAll(".trade-bar__btn");if(t){n.parentNode.removeChild(n);q.parentNode.removeChild(q)}else{n.firstChild.setAttribute("href","/login?redirect="+encodeURIComponent("/xq?symbol="+y));b[0].setAttribute("href","/trade?symbol="+y+"&direction=up");b[1].setAttribute("href","/trade?symbol="+y+"&direction=down")}var v=s.getItem("chartInterval"),k=V.indexOf(v),c=r.querySelectorAll(".interval")[k<0?0:k];c.className="interval interval--active";c.setAttribute("aria-pressed","true")}else if(p==="/hq")d.documentElement.dataset.theme="dark";else return;d.documentElement.lang=o.lang}catch(e){}})();`;
}
