import type { Lang } from '@app/contract/lang';
import type { Messages } from '../lib/i18n/locales/types';

/**
 * The home screen's outline in index.html, drawn before any script has downloaded: on a slow phone
 * the visitor reads the hero (the screen's largest text, what Lighthouse times as its LCP) about a
 * second and a half sooner than when React has rendered it. A small inline script, built here from
 * the three languages' texts, puts the outline in #root in the stored language; React replaces it
 * with the same markup (the test beside this file holds the two together). Other addresses keep the
 * splash. The server allows this one script by its hash (apps/server http/security-headers.ts).
 */

/** <html lang> of each language (lib/i18n sets the same once the app runs). */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

/** Stands for the hero's welcome part, which differs signed in and out. */
const WELCOME = '\u0001';
/** Followed by a digit, stands for a tab's icon (icons are the same in every language). */
const ICON = '\u0002';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Texts = Pick<Messages, 'brand' | 'nav' | 'home'>;

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

/** The markup of #root the script writes at '/' (what the tests compare with React's). */
export function fillOutline(outline: Outline, icons: readonly string[], isSignedIn: boolean): string {
  return outline.frame
    .replace(WELCOME, isSignedIn ? outline.signedIn : outline.signedOut)
    .replace(new RegExp(`${ICON}(\\d)`, 'g'), (_match, index: string) => icons[Number(index)] ?? '');
}

/**
 * The inline script's source. `icons` are the tab bar's icons as markup (renderToStaticMarkup of
 * tab-items.ts's components, at build time). The stored language and session are read as
 * lib/storage reads them ('lang', 'accessToken').
 */
export function firstScreenScript(
  textsByLang: Record<Lang, Texts>,
  icons: readonly string[],
  defaultLang: Lang,
): string {
  const outlines = Object.fromEntries(
    Object.entries(textsByLang).map(([lang, texts]) => [
      lang,
      { lang: HTML_LANG[lang as Lang], ...homeOutline(texts) },
    ]),
  );
  // '<' as \u003c: no text can end the <script> element early.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){try{var s=localStorage,O=${json(outlines)},I=${json(icons)},l=s.getItem("lang");if(!Object.prototype.hasOwnProperty.call(O,l))l=${JSON.stringify(defaultLang)};if((location.pathname.replace(/\\/+$/,"")||"/")!=="/")return;var o=O[l];document.documentElement.lang=o.lang;document.getElementById("root").innerHTML=o.frame.replace("\\u0001",s.getItem("accessToken")?o.signedIn:o.signedOut).replace(/\\u0002(\\d)/g,function(m,i){return I[i]})}catch(e){}})();`;
}
