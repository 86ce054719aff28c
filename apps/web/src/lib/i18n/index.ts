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

// One chunk per language: a user downloads only the texts they read.
const LOADERS: Record<Lang, () => Promise<Messages>> = {
  en: () => import('./locales/en').then((module) => module.en),
  vn: () => import('./locales/vn').then((module) => module.vn),
  zn: () => import('./locales/zn').then((module) => module.zn),
};

/** The stored values are the app's own codes; <html lang> wants BCP 47. */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

const resources = new Map<Lang, Messages>();

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

async function ensureResources(lang: Lang): Promise<void> {
  const antd = loadAntdLocale(lang);
  if (!resources.has(lang)) resources.set(lang, await LOADERS[lang]());
  await antd;
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
