import { DEFAULT_LANG, isLang, type Lang } from '@app/contract/lang';

/** Storage keys fixed by the spec (section 3). */
export const LANG_STORAGE_KEY = 'lang';
export const TOKEN_STORAGE_KEY = 'accessToken';

// Storage can throw (private mode, disabled cookies); the app then works for the session only.
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply does not survive a reload.
  }
}

export function getStoredLang(): Lang {
  const value = readItem(LANG_STORAGE_KEY);
  return isLang(value) ? value : DEFAULT_LANG;
}

export function setStoredLang(lang: Lang): void {
  writeItem(LANG_STORAGE_KEY, lang);
}

export function getToken(): string | null {
  const token = readItem(TOKEN_STORAGE_KEY);
  return token ? token : null;
}

export function setToken(token: string | null): void {
  writeItem(TOKEN_STORAGE_KEY, token);
}

/** The home screen's eye toggle: '1' while the amounts are masked (added, not in the spec). */
export const BALANCE_HIDDEN_STORAGE_KEY = 'balanceHidden';

export function isBalanceHiddenStored(): boolean {
  return readItem(BALANCE_HIDDEN_STORAGE_KEY) === '1';
}

export function setBalanceHiddenStored(isHidden: boolean): void {
  writeItem(BALANCE_HIDDEN_STORAGE_KEY, isHidden ? '1' : null);
}
