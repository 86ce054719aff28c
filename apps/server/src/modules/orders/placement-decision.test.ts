import { type OrderRefusal, orderFeeMinor } from '@app/contract/order-rules';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { OrderRow } from './order-rows.js';
import {
  decidePlacements,
  type PlacementDecision,
  type PlacementRequest,
  type PlacementSnapshot,
} from './placement-decision.js';

// The decision without a database: generated batches near every limit, checked against the rules
// of DESIGN.md 6.4 written out once more here as independent predicates.

const SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;
const PERIODS = [
  { seconds: 30, payoutRateBp: 8500, minStakeMinor: '10000000', maxStakeMinor: '1000000000' },
  { seconds: 60, payoutRateBp: 9000, minStakeMinor: '10000000', maxStakeMinor: '5000000000' },
];

const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 6_000_000_000n }),
  fc.constantFrom(9_999_999n, 10_000_000n, 1_000_000_000n, 1_000_000_001n, 5_000_000_000n, 5_000_000_001n),
);

const orderRow = (request: PlacementRequest, same: boolean): OrderRow =>
  ({
    id: 7,
    userId: request.userId,
    symbol: request.order.symbol,
    direction: request.order.direction,
    amount: same ? request.order.amount : request.order.amount + 1n,
    period: request.order.period,
  }) as OrderRow;

const caseArb = fc
  .record({
    symbol: fc.constantFrom(...SYMBOLS),
    direction: fc.constantFrom('up' as const, 'down' as const),
    period: fc.constantFrom(30, 60, 120),
    amount,
    hashed: fc.boolean(),
    maxStakePerOrder: fc.constantFrom(2_000_000_000n, 10_000_000_000n),
    maxOpenOrders: fc.integer({ min: 1, max: 5 }),
    maxExposure: fc.bigInt({ min: 0n, max: 12_000_000_000n }),
    replay: fc.constantFrom('none', 'same', 'other'),
    stored: fc.constantFrom('none', 'same', 'other', 'running'),
    product: fc.constantFrom('enabled', 'disabled', 'missing'),
    feeRateBp: fc.integer({ min: 0, max: 500 }),
    isMarketFresh: fc.boolean(),
    openOrders: fc.integer({ min: 0, max: 5 }),
    available: fc.bigInt({ min: 0n, max: 6_500_000_000n }),
  })
  .map((c) => {
    const request: PlacementRequest = {
      userId: 0,
      requestKey: 'k',
      requestHash: c.hashed ? 'hash-a' : null,
      order: { symbol: c.symbol, direction: c.direction, period: c.period, amount: c.amount },
      limits: { maxStakePerOrder: c.maxStakePerOrder, maxOpenOrders: c.maxOpenOrders, maxExposure: c.maxExposure },
    };
    const snapshot: Omit<PlacementSnapshot, 'exposure'> = {
      replay: c.replay === 'none' ? null : orderRow(request, c.replay === 'same'),
      stored:
        c.stored === 'none'
          ? null
          : {
              requestHash: c.stored === 'other' ? 'hash-b' : 'hash-a',
              status: c.stored === 'running' ? null : 200,
              body: '{}',
            },
      product:
        c.product === 'missing' ? null : { enabled: c.product === 'enabled', feeRateBp: c.feeRateBp, periods: PERIODS },
      isMarketFresh: c.isMarketFresh,
      openOrders: c.openOrders,
      available: c.available,
    };
    return { request, snapshot };
  });

/** Open stake per bucket before the batch (the snapshot reads the same row for every order of a bucket). */
const batchArb = fc
  .tuple(fc.array(caseArb, { minLength: 1, maxLength: 12 }), fc.bigInt({ min: 0n, max: 12_000_000_000n }))
  .map(([cases, base]) => {
    const requests = cases.map((c, i) => ({ ...c.request, userId: i + 1 }));
    const snapshots = cases.map((c, i) => ({
      ...c.snapshot,
      replay: c.snapshot.replay && { ...c.snapshot.replay, userId: i + 1 },
      // Each bucket starts somewhere of its own, the same for every order in it.
      exposure: base / BigInt(1 + requests[i]!.order.symbol.length + (requests[i]!.order.direction === 'up' ? 1 : 0)),
    }));
    return { requests, snapshots };
  });

type Rule = [OrderRefusal, (r: PlacementRequest, s: PlacementSnapshot, exposure: bigint) => boolean];

/** Each rule as "broken when", in the order the refusal is chosen; the idempotency rules come before. */
const RULES: Rule[] = [
  ['product_not_found', (_r, s) => !s.product?.enabled],
  ['order_period_unavailable', (r, s) => !s.product!.periods.some((p) => p.seconds === r.order.period)],
  [
    'order_stake_out_of_range',
    (r, s) => {
      const p = s.product!.periods.find((x) => x.seconds === r.order.period)!;
      return r.order.amount < BigInt(p.minStakeMinor) || r.order.amount > BigInt(p.maxStakeMinor);
    },
  ],
  ['order_stake_above_limit', (r) => r.order.amount > r.limits.maxStakePerOrder],
  ['market_stale', (_r, s) => !s.isMarketFresh],
  ['order_limit_reached', (r, s) => s.openOrders >= r.limits.maxOpenOrders],
  ['exposure_limit_reached', (r, _s, exposure) => exposure + r.order.amount > r.limits.maxExposure],
  [
    'insufficient_balance',
    (r, s) => s.available < r.order.amount + orderFeeMinor(r.order.amount, s.product!.feeRateBp),
  ],
];

function expected(
  r: PlacementRequest,
  s: PlacementSnapshot,
  exposure: bigint,
): PlacementDecision['kind'] | OrderRefusal {
  if (s.replay) return s.replay.amount === r.order.amount ? 'replay' : 'idempotency_key_reused_with_other_body';
  if (s.stored && r.requestHash !== null) {
    return s.stored.requestHash === r.requestHash && s.stored.status !== null
      ? 'stored'
      : 'idempotency_key_reused_with_other_body';
  }
  for (const [refusal, isBroken] of RULES) if (isBroken(r, s, exposure)) return refusal;
  return 'place';
}

describe('decidePlacements (pure: no database, no clock)', () => {
  test('each order gets the first rule it breaks, or is placed; the batch shares only the exposure', () => {
    fc.assert(
      fc.property(batchArb, ({ requests, snapshots }) => {
        const decisions = decidePlacements(requests, snapshots);
        const exposure = new Map<string, bigint>();
        decisions.forEach((decision, i) => {
          const r = requests[i]!;
          const s = snapshots[i]!;
          const bucket = `${r.order.symbol} ${r.order.direction}`;
          const before = exposure.get(bucket) ?? s.exposure;
          const want = expected(r, s, before);
          expect(decision.kind === 'refuse' ? decision.refusal : decision.kind).toBe(want);
          if (decision.kind === 'place') {
            const fee = orderFeeMinor(r.order.amount, s.product!.feeRateBp);
            expect(decision.fee).toBe(fee);
            expect(decision.balanceAfter).toBe(s.available - r.order.amount - fee);
            expect(decision.balanceAfter).toBeGreaterThanOrEqual(0n);
            expect(decision.payoutRateBp).toBe(PERIODS.find((p) => p.seconds === r.order.period)!.payoutRateBp);
            exposure.set(bucket, before + r.order.amount);
          }
        });
      }),
      { numRuns: 2_000 },
    );
  });

  test('what is placed never takes a bucket over its exposure limit', () => {
    fc.assert(
      fc.property(batchArb, ({ requests, snapshots }) => {
        const decisions = decidePlacements(requests, snapshots);
        const placed = new Map<string, bigint>();
        decisions.forEach((d, i) => {
          if (d.kind !== 'place') return;
          const r = requests[i]!;
          const bucket = `${r.order.symbol} ${r.order.direction}`;
          const total = (placed.get(bucket) ?? snapshots[i]!.exposure) + r.order.amount;
          expect(total).toBeLessThanOrEqual(r.limits.maxExposure);
          placed.set(bucket, total);
        });
      }),
      { numRuns: 1_000 },
    );
  });

  test('orders on different buckets are decided as if each came alone', () => {
    fc.assert(
      fc.property(batchArb, ({ requests, snapshots }) => {
        const seen = new Set<string>();
        const distinct = requests.flatMap((r, i) => {
          const bucket = `${r.order.symbol} ${r.order.direction}`;
          if (seen.has(bucket)) return [];
          seen.add(bucket);
          return [i];
        });
        const together = decidePlacements(
          distinct.map((i) => requests[i]!),
          distinct.map((i) => snapshots[i]!),
        );
        distinct.forEach((i, n) => {
          expect(together[n]).toEqual(decidePlacements([requests[i]!], [snapshots[i]!])[0]);
        });
      }),
      { numRuns: 500 },
    );
  });

  test('an exposure limit exactly reached places; one minor unit over refuses', () => {
    const base = {
      replay: null,
      stored: null,
      product: { enabled: true, feeRateBp: 0, periods: PERIODS },
      isMarketFresh: true,
      openOrders: 0,
      available: 10_000_000_000n,
      exposure: 0n,
    } satisfies PlacementSnapshot;
    const request = (userId: number, stake: bigint): PlacementRequest => ({
      userId,
      requestKey: `k${userId}`,
      requestHash: null,
      order: { symbol: 'BTCUSDT', direction: 'up', period: 30, amount: stake },
      limits: { maxStakePerOrder: 10_000_000_000n, maxOpenOrders: 5, maxExposure: 1_500_000_000n },
    });
    const kinds = decidePlacements(
      [request(1, 1_000_000_000n), request(2, 500_000_001n), request(3, 500_000_000n)],
      [base, base, base],
    ).map((d) => (d.kind === 'refuse' ? d.refusal : d.kind));
    expect(kinds).toEqual(['place', 'exposure_limit_reached', 'place']);
  });
});
