import { en } from '../../apps/web/src/lib/i18n/locales/en.js';
import { vn } from '../../apps/web/src/lib/i18n/locales/vn.js';
import { zn } from '../../apps/web/src/lib/i18n/locales/zn.js';
import type { Lang } from './browser.js';

const MESSAGES = { en, vn, zn };

/** The app's own text for a key (`wallet.title`), in a language, with `{{name}}` values filled in. */
export function t(lang: Lang, key: string, values: Record<string, string> = {}): string {
  let node: unknown = MESSAGES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** A number written in English ("1,255.5") as the language writes it (Vietnamese: "1.255,5"). */
export function num(lang: Lang, english: string): string {
  return lang === 'vn' ? english.replace(/[,.]/g, (mark) => (mark === ',' ? '.' : ',')) : english;
}
