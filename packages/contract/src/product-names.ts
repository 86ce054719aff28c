import { z } from 'zod';
import { LANGS, type Lang } from './lang.js';

/**
 * A product's name in the three languages (market products, locked-deposit products), stored as
 * announcements store their texts: `{ en, vn, zn }`, an empty string being a language not written
 * yet. English is required; an empty vn or zn name reads as the English one.
 */
export type LocalizedName = Record<Lang, string>;

export const PRODUCT_NAME_LENGTH_MAX = 64;

/** In answers: every language filled (the user API has applied the fallback; the back office has not). */
export const localizedNameSchema = z.object({ en: z.string(), vn: z.string(), zn: z.string() });

const otherLanguageName = z
  .string({ error: 'product_name_too_long' })
  .trim()
  .max(PRODUCT_NAME_LENGTH_MAX, 'product_name_too_long')
  .default('');

/** What an operator sends: English required, Vietnamese and Chinese optional (empty: the English name). */
export const localizedNameInputSchema = z.strictObject(
  {
    en: z
      .string({ error: 'product_name_en_required' })
      .trim()
      .min(1, 'product_name_en_required')
      .max(PRODUCT_NAME_LENGTH_MAX, 'product_name_too_long'),
    vn: otherLanguageName,
    zn: otherLanguageName,
  },
  { error: 'product_name_en_required' },
);
export type LocalizedNameInput = z.input<typeof localizedNameInputSchema>;

/** The name in `lang`, or the English one when that language is not written. */
export function nameIn(names: LocalizedName, lang: Lang): string {
  return names[lang].trim() || names.en;
}

/** Every language filled: what the user API answers, so a client can switch language without asking again. */
export function resolvedNames(names: LocalizedName): LocalizedName {
  return Object.fromEntries(LANGS.map((lang) => [lang, nameIn(names, lang)])) as LocalizedName;
}

/** A name known in English only (e.g. a product created before names had three languages). */
export function englishOnlyName(en: string): LocalizedName {
  return { en, vn: '', zn: '' };
}
