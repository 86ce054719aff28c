import { describe, expect, test } from 'vitest';
import { readAmountInput, writeAmountInput } from './amount-input';

const amount = (plain: string) => ({ kind: 'amount', plain });
const INVALID = { kind: 'invalid' };

describe('an amount typed in the language the screens write numbers in', () => {
  test.each([
    ['1000,5', '1000.5'],
    ['1000.5', '1000.5'],
    ['1.000,5', '1000.5'],
    ['1.234.567,25', '1234567.25'],
    ['1.234.567', '1234567'],
    ['0,5', '0.5'],
    ['0.500', '0.500'],
    ['12.5', '12.5'],
    ['12.3456', '12.3456'],
    ['1000', '1000'],
    [' 1 000,5 ', '1000.5'],
    ['1\u00a0000,5', '1000.5'],
  ])('vn reads %j as %s (the decimal mark is "," or ".")', (typed, plain) => {
    expect(readAmountInput(typed, 'vn')).toEqual(amount(plain));
  });

  test.each(['en', 'zn'] as const)('%s reads "." as the decimal mark and "," as grouping', (lang) => {
    expect(readAmountInput('1000.5', lang)).toEqual(amount('1000.5'));
    expect(readAmountInput('1,000.5', lang)).toEqual(amount('1000.5'));
    expect(readAmountInput('1,234,567', lang)).toEqual(amount('1234567'));
    expect(readAmountInput('1,000', lang)).toEqual(amount('1000'));
    expect(readAmountInput('0.000001', lang)).toEqual(amount('0.000001'));
  });

  test('the same amount typed in each language reaches the API as the same plain decimal', () => {
    const vn = readAmountInput('1.000,5', 'vn');
    expect(vn).toEqual(readAmountInput('1,000.5', 'en'));
    expect(vn).toEqual(readAmountInput('1000.5', 'zn'));
    expect(vn).toEqual(readAmountInput('1000,5', 'vn'));
  });

  test('what two readings fit is refused with both, never guessed', () => {
    // One thousand (grouped), or one with three decimals ('.' as the decimal mark).
    expect(readAmountInput('1.000', 'vn')).toEqual({ kind: 'ambiguous', readings: ['1000', '1.000'] });
    expect(readAmountInput('250.500', 'vn')).toEqual({ kind: 'ambiguous', readings: ['250500', '250.500'] });
  });

  test.each([
    ['vn', '1,000.5'],
    ['vn', '1,5,0'],
    ['vn', '1.00,5'],
    ['vn', '12,'],
    ['vn', ',5'],
    ['vn', '1.000.5'],
    ['en', '1,5'],
    ['en', '1.000,5'],
    ['en', '1,00'],
    ['en', '12.'],
    ['zn', '1.2.3'],
    ['en', '-5'],
    ['en', '+5'],
    ['en', '1e3'],
    ['en', 'abc'],
    ['vn', '٣'],
  ] as const)('%s refuses %j', (lang, typed) => {
    expect(readAmountInput(typed, lang)).toEqual(INVALID);
  });

  test('nothing typed (or only spaces) is empty, not zero', () => {
    expect(readAmountInput('', 'vn')).toEqual({ kind: 'empty' });
    expect(readAmountInput('  ', 'en')).toEqual({ kind: 'empty' });
  });

  test('a field is filled in with the language decimal mark and no grouping, and reads back the same', () => {
    expect(writeAmountInput('1000.5', 'vn')).toBe('1000,5');
    expect(writeAmountInput('1000.5', 'en')).toBe('1000.5');
    expect(writeAmountInput('1000.5', 'zn')).toBe('1000.5');
    expect(writeAmountInput('250', 'vn')).toBe('250');
    for (const lang of ['en', 'vn', 'zn'] as const) {
      for (const plain of ['0.000001', '1000.5', '250', '999999.123456']) {
        expect(readAmountInput(writeAmountInput(plain, lang), lang)).toEqual(amount(plain));
      }
    }
  });
});
