import { expect, test } from 'vitest';
import { updateProductRequestSchema, updateTradingLimitsRequestSchema } from './admin-markets.js';
import { FIELD_MESSAGES } from './messages.js';
import { parseRateBp } from './order-rules.js';

test.each([
  ['0.85', 8500],
  ['1', 10_000],
  ['0.0001', 1],
  ['0.1', 1000],
  ['0', 0],
  ['0.12345', null],
  ['.5', null],
  ['-0.1', null],
  ['1e-2', null],
  ['', null],
])('rate %j is %j basis points', (text, bp) => {
  expect(parseRateBp(text)).toBe(bp);
});

const period = (overrides: Record<string, unknown> = {}) => ({
  seconds: 30,
  payoutRate: '0.85',
  minStake: '10',
  maxStake: '100',
  ...overrides,
});

const issuesOf = (input: unknown) => {
  const result = updateProductRequestSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

test('payout rates above 0 and at most 1, fee rates 0 to 0.1, both with at most 4 decimals', () => {
  expect(issuesOf({ feeRate: '0', periods: [period({ payoutRate: '1' })] })).toEqual({});
  expect(issuesOf({ feeRate: '0.1', periods: [period({ payoutRate: '0.0001' })] })).toEqual({});
  expect(issuesOf({ feeRate: '0.1001', periods: [period({ payoutRate: '0' })] })).toEqual({
    feeRate: 'fee_rate_invalid',
    'periods.0.payoutRate': 'payout_rate_invalid',
  });
  expect(issuesOf({ periods: [period({ payoutRate: '1.0001' })] })).toEqual({
    'periods.0.payoutRate': 'payout_rate_invalid',
  });
});

test('periods: 10 s to 1 day, unique, min stake not above max, at least one', () => {
  expect(issuesOf({ periods: [period({ seconds: 10 }), period({ seconds: 86_400 })] })).toEqual({});
  expect(
    issuesOf({ periods: [period({ seconds: 9 }), period({ seconds: 86_401 }), period({ seconds: 1.5 })] }),
  ).toEqual({
    'periods.0.seconds': 'period_seconds_invalid',
    'periods.1.seconds': 'period_seconds_invalid',
    'periods.2.seconds': 'period_seconds_invalid',
  });
  expect(issuesOf({ periods: [period(), period({ minStake: '100.000001' })] })).toEqual({
    'periods.1.seconds': 'period_duplicate',
    'periods.1.minStake': 'stake_min_above_max',
  });
  expect(issuesOf({ periods: [period({ minStake: '0', maxStake: '1.0000001' })] })).toEqual({
    'periods.0.minStake': 'stake_invalid',
    'periods.0.maxStake': 'stake_invalid',
  });
  expect(issuesOf({ periods: [] })).toEqual({ periods: 'periods_required' });
  expect(issuesOf({ pricePrecision: 2 })).toMatchObject({ '': expect.any(String) });
});

test('every message key of these schemas has a text', () => {
  const keys = [
    ...Object.values(issuesOf({ name: '', sort: -1, feeRate: 'x', periods: [period({ seconds: 1 }), period()] })),
    ...(updateTradingLimitsRequestSchema
      .safeParse({
        maxOpenOrdersPerUser: 0,
        maxStakePerOrder: '0',
        maxExposurePerSymbolDirection: 'x',
      })
      .error?.issues.map((i) => i.message) ?? []),
  ];
  expect(keys.length).toBeGreaterThan(5);
  for (const key of keys) expect(Object.keys(FIELD_MESSAGES)).toContain(key);
});
