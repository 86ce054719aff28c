import { LANGS, type Lang } from '@app/contract/lang';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLang, setStoredLang } from '../storage';
import { en } from './locales/en';
import type { Messages } from './locales/types';
import { vn } from './locales/vn';
import { zn } from './locales/zn';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

export const RESOURCES: Record<Lang, Messages> = { en, vn, zn };

/** The stored values are the app's own codes; <html lang> wants BCP 47. */
const HTML_LANG: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGS.map((lang) => [lang, { translation: RESOURCES[lang] }])),
  lng: getStoredLang(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyHtmlLang(currentLang());

export function currentLang(): Lang {
  const lang = i18n.language;
  return lang === 'en' || lang === 'vn' || lang === 'zn' ? lang : getStoredLang();
}

function applyHtmlLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** Stores the choice, switches every mounted text at once and updates <html lang>. */
export async function changeLang(lang: Lang): Promise<void> {
  setStoredLang(lang);
  applyHtmlLang(lang);
  await i18n.changeLanguage(lang);
}
