/** The three interface languages, by the values stored under the `lang` key (spec section 9). */
export const LANGS = ['en', 'vn', 'zn'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zn';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Reads an Accept-Language header. The app sends the stored value itself (`en`, `vn`, `zn`);
 * browsers and other clients send BCP 47 tags, so `en-*`, `vi*` and Traditional Chinese tags map too.
 */
export function parseAcceptLanguage(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'vn' || tag === 'vi' || tag.startsWith('vi-')) return 'vn';
    if (tag === 'zn' || tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zn';
  }
  return DEFAULT_LANG;
}
