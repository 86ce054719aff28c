import type { Lang } from '@app/contract/lang';
import { useSyncExternalStore } from 'react';
import { getStoredLang, setStoredLang } from '../storage';
import { loadAntdLocale } from './antd-locale';
import type { Messages } from './locales/types';

// The app's texts, without i18next: what the screens use of it is a lookup by dotted key with
// {{name}} placeholders (no plurals, contexts, namespaces or formatters), and i18next with
// react-i18next weighed 16 KB (brotli) of the 120 KB that /login, the first screen, may load.
// This is the same API (useTranslation() => { t, i18n }, i18n.t, i18n.language) in about 1 KB.

/** Every dotted path to a text of Messages: 'login.title', 'orders.status.won', … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: MessageKey, values?: TranslationValues) => string;

// Two chunks per language: a user downloads only the texts they read, and the first screens (the
// frame, sign-in, sign-up, language) only their own; every other screen waits for the rest
// (loadScreenTexts, which the router runs with the page's chunk).
type Part = 'start' | 'screens';
const LOADERS: Record<Lang, Record<Part, () => Promise<object>>> = {
  en: {
    start: () => import('./locales/en-start').then((module) => module.enStart),
    screens: () => import('./locales/en-screens').then((module) => module.enScreens),
  },
  vn: {
    start: () => import('./locales/vn-start').then((module) => module.vnStart),
    screens: () => import('./locales/vn-screens').then((module) => module.vnScreens),
  },
  zn: {
    start: () => import('./locales/zn-start').then((module) => module.znStart),
    screens: () => import('./locales/zn-screens').then((module) => module.znScreens),
  },
};

/** The stored values are the app's own codes; <html lang> wants BCP 47. */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

/** The loaded texts of each language (the parts have no section in common). */
const resources = new Map<Lang, Partial<Messages>>();
const loadedParts = new Map<Lang, Set<Part>>();
/** Once a screen beyond the first ones has asked for its texts, a language switch loads them too. */
let screensWanted = false;

/** The text at a dotted key, its {{placeholders}} filled; the key itself when there is none (as i18next). */
function translate(lang: Lang | undefined, key: string, values?: TranslationValues): string {
  let node: unknown = lang ? resources.get(lang) : undefined;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  if (!values) return node;
  // A placeholder without a value stays as written, as i18next leaves it.
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

interface State {
  language: Lang | undefined;
  t: TFunction;
}

const bound = (language: Lang | undefined): State => ({
  language,
  t: (key, values) => translate(language, key, values),
});

let state = bound(undefined);
const listeners = new Set<() => void>();

/** The app's texts outside React: i18n.t(key), i18n.language (undefined until initI18n). */
export const i18n = {
  get language(): Lang | undefined {
    return state.language;
  },
  t: ((key, values) => state.t(key, values)) as TFunction,
};

function setLanguage(lang: Lang): void {
  if (state.language === lang) return;
  state = bound(lang);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The texts of the current language; the component re-renders when the language changes (`t` is a
 * new function then, so effects and memos that use it run again).
 */
export function useTranslation(): { t: TFunction; i18n: { language: Lang } } {
  const current = useSyncExternalStore(subscribe, () => state);
  return { t: current.t, i18n: { language: current.language ?? getStoredLang() } };
}

const loading = new Map<string, Promise<void>>();

function loadPart(lang: Lang, part: Part): Promise<void> {
  const key = `${lang}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = LOADERS[lang][part]().then((texts) => {
      resources.set(lang, { ...resources.get(lang), ...texts });
      loadedParts.set(lang, new Set([...(loadedParts.get(lang) ?? []), part]));
    });
    // A chunk that failed (the network) is asked for again next time.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

async function ensureResources(lang: Lang): Promise<void> {
  await Promise.all([
    loadAntdLocale(lang),
    loadPart(lang, 'start'),
    screensWanted ? loadPart(lang, 'screens') : undefined,
  ]);
}

/**
 * The texts of every screen beyond the first ones, in the current language. The router awaits it
 * with the page's chunk, so a page renders with its texts.
 */
export async function loadScreenTexts(): Promise<void> {
  screensWanted = true;
  const lang = currentLang();
  if (loadedParts.get(lang)?.has('screens')) return;
  await loadPart(lang, 'screens');
  // Texts already on screen are read again (a new t) if the language is still the one just loaded.
  if (state.language === lang) {
    state = bound(lang);
    notify();
  }
}

/** Loads the stored language's texts (default zn); the app renders after this resolves. */
export async function initI18n(lang: Lang = getStoredLang()): Promise<void> {
  await ensureResources(lang);
  setLanguage(lang);
  applyHtmlLang(lang);
}

export function currentLang(): Lang {
  return state.language ?? getStoredLang();
}

/** <html lang>, and the page's description (index.html's is English) in the language. */
function applyHtmlLang(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[lang];
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('brand.description'));
}

/** Stores the choice, switches every mounted text at once and updates <html lang>. */
export async function changeLang(lang: Lang): Promise<void> {
  await ensureResources(lang);
  setStoredLang(lang);
  setLanguage(lang);
  applyHtmlLang(lang);
}
