import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type SettlementInput, settle, type TickPoint } from './settlement.js';

const T0 = 1_800_000_000_000;
const order = (over: Partial<SettlementInput> = {}): SettlementInput => ({
  direction: 'up',
  acceptedAtMs: T0 + 300,
  endTimeMs: T0 + 300 + 30_000,
  amount: 100_000_000n,
  fee: 1_000_000n,
  payoutRateBp: 8500,
  ...over,
});
/** One tick a second from T0, with the given prices. */
const series = (prices: number[], start = T0): TickPoint[] =>
  prices.map((p, i) => ({ timeMs: start + i * 1000, price: BigInt(p) }));

describe('settlement rule', () => {
  const rising = series(Array.from({ length: 40 }, (_, i) => 1000 + i));
  const falling = series(Array.from({ length: 40 }, (_, i) => 1000 - i));
  const flatEnd = series(Array.from({ length: 40 }, (_, i) => (i === 1 || i >= 30 ? 1000 : 990 + (i % 7))));

  test('up wins when the exit is above the entry; the payout is stake × (1 + rate)', () => {
    const o = settle(order(), rising);
    expect(o.status).toBe('won');
    expect(o.entry).toEqual({ timeMs: T0 + 1000, price: 1001n }); // first tick strictly after acceptance
    expect(o.exit).toEqual({ timeMs: T0 + 30_000, price: 1030n }); // last tick at or before the end
    expect(o.payout).toBe(185_000_000n);
    expect(settle(order({ direction: 'down' }), rising)).toMatchObject({ status: 'lost', payout: 0n });
  });

  test('down wins when the exit is below the entry', () => {
    expect(settle(order({ direction: 'down' }), falling)).toMatchObject({ status: 'won', payout: 185_000_000n });
    expect(settle(order(), falling)).toMatchObject({ status: 'lost', payout: 0n });
  });

  test('equal entry and exit is a tie: the stake comes back, the fee is kept', () => {
    const o = settle(order(), flatEnd);
    expect(o.status).toBe('tie');
    expect(o.payout).toBe(100_000_000n);
  });

  test('the lowest and highest cover entry to exit only', () => {
    const ticks = series([5000, 1000, 1005, 990, 1010, ...Array.from({ length: 35 }, () => 1001)]);
    const o = settle(order(), ticks);
    expect(o.lowest).toBe(990n);
    expect(o.highest).toBe(1010n);
  });

  test('boundaries: a tick exactly at the end counts, one a millisecond later does not', () => {
    const ticks: TickPoint[] = [
      { timeMs: T0 + 1000, price: 100n },
      { timeMs: T0 + 300 + 30_000, price: 101n },
      { timeMs: T0 + 300 + 30_001, price: 50n },
    ];
    expect(settle(order(), ticks)).toMatchObject({ status: 'won', exit: { price: 101n } });
    // A tick exactly at acceptance is not after it.
    const atAcceptance: TickPoint[] = [{ timeMs: T0 + 300, price: 1n }, ...ticks];
    expect(settle(order(), atAcceptance).entry?.price).toBe(100n);
  });

  test('void: no tick within 5 s of acceptance, or none in the 5 s before the end (stake and fee back)', () => {
    const late = [{ timeMs: T0 + 300 + 5_001, price: 100n }, ...series([101, 102], T0 + 31_000)];
    expect(settle(order(), late)).toMatchObject({ status: 'void', payout: 101_000_000n });
    const outage = [
      { timeMs: T0 + 1000, price: 100n },
      { timeMs: T0 + 300 + 30_000 - 5_001, price: 105n },
    ];
    expect(settle(order(), outage)).toMatchObject({ status: 'void', payout: 101_000_000n });
    expect(settle(order(), [])).toMatchObject({ status: 'void' });
  });

  test('property: the result depends only on entry and exit; payouts stay within bounds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 35, maxLength: 40 }),
        fc.constantFrom<'up' | 'down'>('up', 'down'),
        (prices, direction) => {
          const ticks = series(prices);
          const o = settle(order({ direction }), ticks);
          const entry = BigInt(prices[1]!);
          const exit = BigInt(prices[30]!);
          const expected = entry === exit ? 'tie' : (direction === 'up') === exit > entry ? 'won' : 'lost';
          expect(o.status).toBe(expected);
          expect(o.payout >= 0n && o.payout <= 185_000_000n).toBe(true);
          // Same inputs, same answer: settlement is a pure function of the order and the ticks.
          expect(settle(order({ direction }), [...ticks])).toEqual(o);
        },
      ),
    );
  });
});
