import type { Lang } from '@app/contract/lang';
import type { LocalizedName } from '@app/contract/product-names';
import { useTranslation } from './';
import { currentLang } from './index';

/**
 * A product's name in `lang`. Answers carry the name in all three languages (`nameI18n`, every one
 * filled by the server), so a screen switches with the language without asking again; `fallback` (the
 * answer's one name) serves an answer without them.
 */
export function productNameIn(names: LocalizedName | undefined, fallback: string, lang: Lang): string {
  return names?.[lang] || fallback;
}

/** `productNameIn` in the current language; the component re-renders when the language changes. */
export function useProductName(): (names: LocalizedName | undefined, fallback: string) => string {
  useTranslation();
  const lang = currentLang();
  return (names, fallback) => productNameIn(names, fallback, lang);
}
