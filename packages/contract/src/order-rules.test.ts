import { describe, expect, test } from 'vitest';
import { AMOUNT_MINOR_MAX, formatAmount, parseAmount } from './money.js';
import { orderFeeMinor, orderWinPayoutMinor, parseRateBp } from './order-rules.js';

describe('orderFeeMinor: stake × rate, rounded up to the minor unit', () => {
  test.each([
    // [stake, fee rate bp, fee]
    ['0', 100, '0'],
    ['100', 0, '0'],
    ['100', 100, '1'],
    ['10', 100, '0.1'],
    // 0.10123457 → one more micro-USDT than rounding down would give.
    ['10.123457', 100, '0.101235'],
    ['10.1234', 100, '0.101234'],
    ['10.12345', 100, '0.101235'],
    ['0.000001', 1, '0.000001'],
    ['0.009999', 1, '0.000001'],
    ['0.01', 1, '0.000001'],
    ['0.010001', 1, '0.000002'],
    ['0.000001', 10_000, '0.000001'],
    ['50000', 250, '1250'],
  ])('stake %s at %i bp pays %s', (stake, rateBp, fee) => {
    expect(formatAmount(orderFeeMinor(parseAmount(stake), rateBp))).toBe(fee);
  });

  test('exact at the largest amount (no floating point anywhere)', () => {
    expect(orderFeeMinor(AMOUNT_MINOR_MAX, 10_000)).toBe(AMOUNT_MINOR_MAX);
    expect(orderFeeMinor(AMOUNT_MINOR_MAX - 1n, 1)).toBe((AMOUNT_MINOR_MAX - 1n) / 10_000n + 1n);
  });

  test('never more than one minor unit above the exact fee, never below it', () => {
    for (let minor = 0n; minor < 30_000n; minor += 7n) {
      for (const rateBp of [1, 3, 100, 123, 9_999]) {
        const fee = orderFeeMinor(minor, rateBp);
        const exactTimes10k = minor * BigInt(rateBp);
        expect(fee * 10_000n).toBeGreaterThanOrEqual(exactTimes10k);
        expect(fee * 10_000n - exactTimes10k).toBeLessThan(10_000n);
      }
    }
  });
});

describe('orderWinPayoutMinor: stake × (1 + rate), winnings rounded down', () => {
  test.each([
    ['100', 8500, '185'],
    ['10.123457', 8500, '18.728395'],
    ['0.000001', 8500, '0.000001'],
    ['0.000002', 5000, '0.000003'],
    ['10', 0, '10'],
  ])('stake %s at %i bp returns %s', (stake, rateBp, payout) => {
    expect(formatAmount(orderWinPayoutMinor(parseAmount(stake), rateBp))).toBe(payout);
  });
});

test.each([
  ['0.01', 100],
  ['0.85', 8500],
  ['0.0001', 1],
  ['1', 10_000],
  [' 0.785 ', 7850],
  ['0', 0],
  ['0.00001', null],
  ['-0.1', null],
  ['1e-4', null],
  ['', null],
  ['abc', null],
])('rate %j is %j bp', (rate, bp) => {
  expect(parseRateBp(rate)).toBe(bp);
});
