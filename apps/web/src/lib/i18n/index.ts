import { LANGS, type Lang } from '@app/contract/lang';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLang, setStoredLang } from '../storage';
import { loadAntdLocale } from './antd-locale';
import type { Messages } from './locales/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

// One chunk per language: a user downloads only the texts they read.
const LOADERS: Record<Lang, () => Promise<Messages>> = {
  en: () => import('./locales/en').then((module) => module.en),
  vn: () => import('./locales/vn').then((module) => module.vn),
  zn: () => import('./locales/zn').then((module) => module.zn),
};

/** The stored values are the app's own codes; <html lang> wants BCP 47. */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

export const i18n = i18next.createInstance();

async function ensureResources(lang: Lang): Promise<void> {
  const antd = loadAntdLocale(lang);
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', await LOADERS[lang]());
  await antd;
}

/** Starts i18next in the stored language (default zn); the app renders after this resolves. */
export async function initI18n(lang: Lang = getStoredLang()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      supportedLngs: [...LANGS],
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      resources: {},
    });
  }
  await ensureResources(lang);
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

export function currentLang(): Lang {
  const lang = i18n.language;
  return lang === 'en' || lang === 'vn' || lang === 'zn' ? lang : getStoredLang();
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
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}
