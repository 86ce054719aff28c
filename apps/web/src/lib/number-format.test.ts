import { LANGS } from '@app/contract/lang';
import { afterEach, describe, expect, test } from 'vitest';
import { groupDigits, INTL_LOCALES, separatorsOf } from './group-digits';
import { changeLang } from './i18n';
import { displayMoney } from './money';
import { displayDecimal, formatPercent, formatPrice } from './price';

afterEach(async () => {
  await changeLang('en');
});

describe('numbers are written as each language writes them', () => {
  test.each([
    ['en', '-12,345.5'],
    ['zn', '-12,345.5'],
    ['vn', '-12.345,5'],
  ] as const)('%s groups and marks decimals: %s', (lang, expected) => {
    expect(groupDigits('-12345.5', lang)).toBe(expected);
  });

  test.each(LANGS)('%s: the marks are those Intl writes for the language', (lang) => {
    const parts = new Intl.NumberFormat(INTL_LOCALES[lang]).formatToParts(12345.5);
    expect(separatorsOf(lang)).toEqual({
      group: parts.find((part) => part.type === 'group')?.value,
      decimal: parts.find((part) => part.type === 'decimal')?.value,
    });
  });

  test('small numbers and whole numbers need no marks of their own', () => {
    expect(groupDigits('999', 'vn')).toBe('999');
    expect(groupDigits('1000', 'vn')).toBe('1.000');
    expect(groupDigits('0.000001', 'vn')).toBe('0,000001');
  });

  test('money, prices (with the product precision) and percentages follow the chosen language', async () => {
    expect(displayMoney('1255.5')).toBe('1,255.5');
    expect(formatPrice('67496', 2)).toBe('67,496.00');
    await changeLang('vn');
    expect(displayMoney('1255.5')).toBe('1.255,5');
    expect(displayMoney('-1000000')).toBe('-1.000.000');
    expect(formatPrice('67477.6612', 2)).toBe('67.477,66');
    expect(formatPercent('-1.25')).toBe('-1,25%');
    // A decimal the server wrote at its precision keeps every digit it has.
    expect(displayDecimal('65990.00')).toBe('65.990,00');
    expect(displayDecimal('0.5')).toBe('0,5');
    expect(displayDecimal('1.08500')).toBe('1,08500');
    await changeLang('zn');
    expect(formatPrice('67477.6612', 2)).toBe('67,477.66');
  });
});
