import type { Lang } from '@app/contract/lang';

/** Each language is named in itself, so anyone can find their own. */
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  vn: 'Tiếng Việt',
  zn: '繁體中文',
};
