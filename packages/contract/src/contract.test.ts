import { describe, expect, test } from 'vitest';
import { ERRORS } from './errors.js';
import { parseAcceptLanguage } from './lang.js';
import { ERROR_MESSAGES, FIELD_MESSAGES } from './messages.js';
import { registerRequestSchema } from './users.js';

describe('error catalogue', () => {
  test('codes are unique and every code has a message in every language', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, texts] of Object.entries(ERROR_MESSAGES)) {
      for (const lang of ['en', 'vn', 'zn'] as const) expect(texts[lang].trim(), `${name}.${lang}`).not.toBe('');
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(Object.keys(ERRORS).sort());
  });

  test('field messages exist in every language', () => {
    for (const [key, texts] of Object.entries(FIELD_MESSAGES)) {
      for (const lang of ['en', 'vn', 'zn'] as const) expect(texts[lang].trim(), `${key}.${lang}`).not.toBe('');
    }
  });

  test('the spec fixed messages are kept word for word', () => {
    expect(ERROR_MESSAGES.user_not_found.en).toBe('User Does Not Exist');
    expect(ERROR_MESSAGES.current_password_incorrect.en).toBe(
      'Please Use The Curent Password To Reset The New Password',
    );
    expect(FIELD_MESSAGES.amount_invalid.en).toBe('Incorrect Amount');
  });
});

test.each([
  [undefined, 'zn'],
  ['en', 'en'],
  ['en-US,en;q=0.9', 'en'],
  ['vn', 'vn'],
  ['vi-VN', 'vn'],
  ['zh-TW', 'zn'],
  ['zh-Hant', 'zn'],
  ['de, en;q=0.5', 'en'],
  ['ja', 'zn'],
])('Accept-Language %s reads as %s', (header, lang) => {
  expect(parseAcceptLanguage(header)).toBe(lang);
});

test('every schema message is a known key', () => {
  const result = registerRequestSchema.safeParse({ username: 'a b', phone: '1', password: 'x' });
  expect(result.success).toBe(false);
  for (const issue of result.error!.issues) expect(Object.keys(FIELD_MESSAGES)).toContain(issue.message);
});
