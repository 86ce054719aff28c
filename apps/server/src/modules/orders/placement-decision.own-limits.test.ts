import { orderFeeMinor } from '@app/contract/order-rules';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { periodsAt } from '../responsible-trading/limit-rules.js';
import {
  decidePlacements,
  type PlacementRequest,
  type PlacementSnapshot,
  type ResponsibleSnapshot,
} from './placement-decision.js';

// Rules 1b and 5b of the placement decision (the user's own exclusion and limits, issue 14), without
// a database: where they sit among the platform's rules, and that a batch never passes a limit.

const M = 1_000_000n;
const AT = new Date('2026-03-11T10:00:00Z');
const PERIODS = [{ seconds: 30, payoutRateBp: 8500, minStakeMinor: '10000000', maxStakeMinor: '1000000000' }];
const ZERO = { day: 0n, week: 0n, month: 0n };

function request(amount: bigint, userId = 1): PlacementRequest {
  return {
    userId,
    requestKey: `k${userId}`,
    requestHash: null,
    order: { symbol: 'BTCUSDT', direction: 'up', period: 30, amount },
    limits: { maxStakePerOrder: 1000n * M, maxOpenOrders: 10, maxExposure: 1_000_000n * M },
  };
}

function snapshot(
  responsible: ResponsibleSnapshot | null,
  overrides: Partial<PlacementSnapshot> = {},
): PlacementSnapshot {
  return {
    replay: null,
    stored: null,
    product: { enabled: true, feeRateBp: 200, periods: PERIODS },
    isMarketFresh: true,
    openOrders: 0,
    available: 10_000n * M,
    exposure: 0n,
    responsible,
    ...overrides,
  };
}

const own = (limits: ResponsibleSnapshot['inForce']['limits'], extra: Partial<ResponsibleSnapshot> = {}) =>
  ({
    inForce: { limits, exclusion: null },
    totals: { stake: ZERO, loss: ZERO, openAtRisk: 0n },
    periods: periodsAt(AT, 'UTC'),
    at: AT,
    ...extra,
  }) satisfies ResponsibleSnapshot;

describe('the user’s own rules in the placement decision', () => {
  test('an exclusion comes before every other rule but a repeated key, and carries its end', () => {
    const until = new Date(AT.getTime() + 86_400_000);
    const excluded = own({}, { inForce: { limits: {}, exclusion: { kind: 'cool_off', until } } });
    const [decision] = decidePlacements([request(5n * M)], [snapshot(excluded, { product: null })]);
    expect(decision).toEqual({
      kind: 'refuse',
      refusal: 'self_excluded',
      data: { kind: 'cool_off', until: until.toISOString() },
    });
  });

  test('own limits come after the platform’s stake range and before the market and the balance', () => {
    const limited = own({ orderStake: 20n * M });
    const decide = (amount: bigint, extra: Partial<PlacementSnapshot> = {}) =>
      decidePlacements([request(amount)], [snapshot(limited, extra)])[0]!;
    expect(decide(5n * M)).toMatchObject({ refusal: 'order_stake_out_of_range' });
    expect(decide(25n * M, { isMarketFresh: false, available: 0n })).toEqual({
      kind: 'refuse',
      refusal: 'self_limit_order_stake',
      data: { limit: 'orderStake', resetsAt: null },
    });
    expect(decide(20n * M)).toMatchObject({ kind: 'place' });
    // Without limits, nothing of it is asked.
    expect(decidePlacements([request(25n * M)], [snapshot(null)])[0]).toMatchObject({ kind: 'place' });
  });

  test('property: with the totals it was given, a placed order never takes stake or worst-case loss over a limit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n * M, max: 1000n * M }),
        fc.bigInt({ min: 0n, max: 500n * M }),
        fc.bigInt({ min: -200n * M, max: 500n * M }),
        fc.bigInt({ min: 0n, max: 200n * M }),
        fc.bigInt({ min: 1n, max: 800n * M }),
        fc.bigInt({ min: 1n, max: 800n * M }),
        (amount, stakeSoFar, lossSoFar, openAtRisk, stakeLimit, lossLimit) => {
          const responsible = own(
            { stakeWeek: stakeLimit, lossDay: lossLimit },
            {
              totals: {
                stake: { day: stakeSoFar, week: stakeSoFar, month: stakeSoFar },
                loss: { day: lossSoFar, week: lossSoFar, month: lossSoFar },
                openAtRisk,
              },
            },
          );
          const [decision] = decidePlacements([request(amount)], [snapshot(responsible)]);
          const fee = orderFeeMinor(amount, 200);
          if (decision!.kind === 'place') {
            expect(stakeSoFar + amount).toBeLessThanOrEqual(stakeLimit);
            expect(lossSoFar + openAtRisk + amount + fee).toBeLessThanOrEqual(lossLimit);
          } else {
            expect(['self_limit_stake', 'self_limit_loss', 'order_stake_out_of_range']).toContain(
              decision!.kind === 'refuse' ? decision!.refusal : decision!.kind,
            );
          }
        },
      ),
    );
  });
});
