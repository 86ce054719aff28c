import { LANGS } from '@app/contract/lang';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { vn } from './locales/vn';
import { zn } from './locales/zn';

const LOCALES = { en, vn, zn } as const;

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('UI texts', () => {
  const reference = flatten(en);
  const allKeys = new Set(LANGS.flatMap((lang) => [...flatten(LOCALES[lang]).keys()]));

  it.each(LANGS)('%s has every key, each a non-empty string', (lang) => {
    const texts = flatten(LOCALES[lang]);
    const missing = [...allKeys].filter((key) => !texts.has(key));
    const empty = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(missing, `missing in ${lang}`).toEqual([]);
    expect(empty, `empty in ${lang}`).toEqual([]);
  });

  it.each(LANGS)('%s uses the same {{placeholders}} as English', (lang) => {
    const texts = flatten(LOCALES[lang]);
    for (const [key, text] of reference) {
      expect(placeholders(String(texts.get(key))), key).toEqual(placeholders(String(text)));
    }
  });

  it("keeps the spec's English messages exactly", () => {
    expect(en.toast).toMatchObject({
      submittedSuccess: 'Submitted Success',
      loginSuccess: 'Successful Login,Going To Home Page',
      resetSuccess: 'Reset Successful',
      signUpSuccess: 'Sign Up Success,Go to web',
      addedSuccess: 'Added Successfully',
      withdrawSuccess: 'Successful Withdrawal',
      orderSuccess: 'successfully ordered',
      copySuccess: 'Copy Successfully',
    });
    expect(en.errors).toMatchObject({ network: 'Network Error', aborted: 'Request aborted' });
    expect(en.errors.canvasUnsupported).toBe("Your Browser Doesn't Currently Support HTML5 Canvas");
  });
});
