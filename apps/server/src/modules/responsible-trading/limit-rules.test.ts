import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  decideLimitChange,
  depositLimitRefusal,
  effectiveLimit,
  exclusionEnd,
  type OrderTotals,
  orderLimitRefusal,
  periodsAt,
  type StoredLimit,
  sessionEndsAt,
} from './limit-rules.js';

const M = 1_000_000n;
const DAY_MS = 86_400_000;
const NOW = new Date('2026-03-11T10:00:00Z'); // a Wednesday
const NONE: StoredLimit = { value: null, pendingValue: null, pendingAt: null };
const ZERO: OrderTotals = {
  stake: { day: 0n, week: 0n, month: 0n },
  loss: { day: 0n, week: 0n, month: 0n },
  openAtRisk: 0n,
};

describe('a limit change', () => {
  test('a first limit and a lower one are in force at once and drop a waiting raise', () => {
    const first = decideLimitChange(NONE, 100n * M, NOW);
    expect(first).toEqual({ value: 100n * M, pendingValue: null, pendingAt: null });
    const raised = decideLimitChange(first, 300n * M, NOW);
    const lowered = decideLimitChange(raised, 50n * M, new Date(NOW.getTime() + 1000));
    expect(lowered).toEqual({ value: 50n * M, pendingValue: null, pendingAt: null });
  });

  test('a raise and a removal wait 24 h; asking again keeps the time; asking for the value in force cancels', () => {
    const limit = { value: 100n * M, pendingValue: null, pendingAt: null };
    const raised = decideLimitChange(limit, 300n * M, NOW);
    expect(raised).toEqual({ value: 100n * M, pendingValue: 300n * M, pendingAt: new Date(NOW.getTime() + DAY_MS) });
    expect(effectiveLimit(raised, new Date(NOW.getTime() + DAY_MS - 1))).toBe(100n * M);
    expect(effectiveLimit(raised, new Date(NOW.getTime() + DAY_MS))).toBe(300n * M);
    const again = decideLimitChange(raised, 300n * M, new Date(NOW.getTime() + 3_600_000));
    expect(again.pendingAt).toEqual(raised.pendingAt);
    const removal = decideLimitChange(limit, null, NOW);
    expect(removal).toEqual({ value: 100n * M, pendingValue: null, pendingAt: new Date(NOW.getTime() + DAY_MS) });
    expect(effectiveLimit(removal, new Date(NOW.getTime() + DAY_MS))).toBeNull();
    expect(decideLimitChange(raised, 100n * M, NOW)).toEqual(limit);
  });

  test('property: a change never loosens the limit in force before 24 h have passed', () => {
    const value = fc.option(fc.bigInt({ min: 1n, max: 10_000n }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, fc.integer({ min: 0, max: 30 * 3_600_000 })), { maxLength: 12 }),
        (steps) => {
          let stored = NONE;
          let at = NOW.getTime();
          // What the limit was at each moment: a looser value must have been asked ≥ 24 h earlier.
          const asked: Array<{ at: number; value: bigint | null }> = [];
          for (const [requested, waitMs] of steps) {
            at += waitMs;
            const before = effectiveLimit(stored, new Date(at));
            stored = decideLimitChange(stored, requested, new Date(at));
            asked.push({ at, value: requested });
            const after = effectiveLimit(stored, new Date(at));
            const isLooser = (a: bigint | null, b: bigint | null) => b !== null && (a === null || a > b);
            // Never looser right after the change; tighter requests apply now.
            expect(isLooser(after, before)).toBe(false);
            if (requested !== null && (before === null || requested < before)) expect(after).toBe(requested);
            // Later, a looser value is in force only once 24 h have passed since it was asked.
            const later = effectiveLimit(stored, new Date(at + DAY_MS));
            if (isLooser(later, before)) expect(later).toBe(requested);
          }
        },
      ),
    );
  });
});

describe('the session time limit', () => {
  test('a session ends at its sign-in + the minutes in force; a waiting raise or removal counts from its time', () => {
    const openedAt = new Date(NOW.getTime() - 20 * 60_000);
    expect(sessionEndsAt(NONE, openedAt, NOW)).toBeNull();
    const thirty = decideLimitChange(NONE, 30n, NOW);
    expect(sessionEndsAt(thirty, openedAt, NOW)).toEqual(new Date(openedAt.getTime() + 30 * 60_000));
    // Lowered to 15 minutes: a session 20 minutes old has ended already.
    expect(sessionEndsAt(decideLimitChange(thirty, 15n, NOW), openedAt, NOW)!.getTime()).toBeLessThan(NOW.getTime());
    const removed = decideLimitChange(thirty, null, NOW);
    expect(sessionEndsAt(removed, openedAt, NOW)).toEqual(new Date(openedAt.getTime() + 30 * 60_000));
    expect(sessionEndsAt(removed, openedAt, new Date(NOW.getTime() + DAY_MS))).toBeNull();
  });
});

describe('periods in the platform time zone', () => {
  test('day, week from Monday and month in UTC', () => {
    const p = periodsAt(NOW, 'UTC');
    expect(p.day).toEqual({ start: new Date('2026-03-11T00:00:00Z'), next: new Date('2026-03-12T00:00:00Z') });
    expect(p.week).toEqual({ start: new Date('2026-03-09T00:00:00Z'), next: new Date('2026-03-16T00:00:00Z') });
    expect(p.month).toEqual({ start: new Date('2026-03-01T00:00:00Z'), next: new Date('2026-04-01T00:00:00Z') });
  });

  test("in Ho Chi Minh City (UTC+7) 20:00 UTC on a Sunday is already Monday, and December's month ends in January", () => {
    const p = periodsAt(new Date('2026-12-27T20:00:00Z'), 'Asia/Ho_Chi_Minh');
    expect(p.day.start).toEqual(new Date('2026-12-27T17:00:00Z'));
    expect(p.week.start).toEqual(new Date('2026-12-27T17:00:00Z'));
    expect(p.week.next).toEqual(new Date('2027-01-03T17:00:00Z'));
    expect(p.month.next).toEqual(new Date('2026-12-31T17:00:00Z'));
  });
});

describe('an order against the user’s own limits', () => {
  const periods = periodsAt(NOW, 'UTC');
  const base = { exclusion: null, limits: {}, totals: ZERO, periods, amount: 10n * M, fee: 200_000n, at: NOW };

  test('an exclusion in force refuses, with its end; one that ended does not', () => {
    const until = new Date(NOW.getTime() + 7 * DAY_MS);
    expect(orderLimitRefusal({ ...base, exclusion: { kind: 'cool_off', until } })).toEqual({
      refusal: 'self_excluded',
      data: { kind: 'cool_off', until: until.toISOString() },
    });
    expect(orderLimitRefusal({ ...base, exclusion: { kind: 'cool_off', until: NOW } })).toBeNull();
  });

  test('the maximum stake per order names itself and does not reset', () => {
    expect(orderLimitRefusal({ ...base, limits: { orderStake: 10n * M } })).toBeNull();
    expect(orderLimitRefusal({ ...base, limits: { orderStake: 10n * M - 1n } })).toEqual({
      refusal: 'self_limit_order_stake',
      data: { limit: 'orderStake', resetsAt: null },
    });
  });

  test('stake limits count the period’s stakes with this one and reset at the next period', () => {
    const totals = { ...ZERO, stake: { day: 40n * M, week: 90n * M, month: 90n * M } };
    expect(orderLimitRefusal({ ...base, totals, limits: { stakeDay: 50n * M } })).toBeNull();
    expect(orderLimitRefusal({ ...base, totals, limits: { stakeDay: 50n * M - 1n } })).toEqual({
      refusal: 'self_limit_stake',
      data: { limit: 'stakeDay', resetsAt: '2026-03-12T00:00:00.000Z' },
    });
    expect(orderLimitRefusal({ ...base, totals, limits: { stakeWeek: 99n * M } })?.data).toEqual({
      limit: 'stakeWeek',
      resetsAt: '2026-03-16T00:00:00.000Z',
    });
  });

  test('loss limits count the worst case: settled net loss, open orders lost, this one lost with its fee', () => {
    const totals = { ...ZERO, loss: { day: 20n * M, week: 20n * M, month: -5n * M }, openAtRisk: 15n * M };
    // 20 + 15 + 10 + 0.2 = 45.2
    expect(orderLimitRefusal({ ...base, totals, limits: { lossDay: 45_200_000n } })).toBeNull();
    expect(orderLimitRefusal({ ...base, totals, limits: { lossDay: 45_199_999n } })?.data).toEqual({
      limit: 'lossDay',
      resetsAt: '2026-03-12T00:00:00.000Z',
    });
    // A month with more won than lost leaves room: −5 + 15 + 10.2 = 20.2.
    expect(orderLimitRefusal({ ...base, totals, limits: { lossMonth: 20_200_000n } })).toBeNull();
  });

  test('property: orders accepted one after another never take the day’s stake or worst-case loss past a limit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.array(
          fc.record({
            amount: fc.bigInt({ min: 1n, max: 300n }),
            result: fc.constantFrom('won', 'lost', 'tie', 'open'),
          }),
          {
            maxLength: 40,
          },
        ),
        (stakeLimit, lossLimit, orders) => {
          let stake = 0n;
          let loss = 0n;
          let open = 0n;
          for (const o of orders) {
            const fee = o.amount / 50n;
            const totals = {
              stake: { day: stake, week: stake, month: stake },
              loss: { day: loss, week: loss, month: loss },
              openAtRisk: open,
            };
            const refused = orderLimitRefusal({
              ...base,
              totals,
              amount: o.amount,
              fee,
              limits: { stakeDay: stakeLimit, lossDay: lossLimit },
            });
            if (refused) continue;
            stake += o.amount;
            if (o.result === 'open') open += o.amount + fee;
            else loss += o.result === 'won' ? fee - (o.amount * 8n) / 10n : o.result === 'tie' ? fee : o.amount + fee;
            expect(stake).toBeLessThanOrEqual(stakeLimit);
            // Even if every open order is lost, the loss stays within the limit.
            expect(loss + open).toBeLessThanOrEqual(lossLimit);
          }
        },
      ),
    );
  });
});

test('a deposit counts the period’s requests with this one; an exclusion refuses deposits too', () => {
  const periods = periodsAt(NOW, 'UTC');
  const deposited = { day: 0n, week: 70n * M, month: 70n * M };
  const input = { exclusion: null, limits: { depositWeek: 100n * M }, deposited, periods, amount: 30n * M, at: NOW };
  expect(depositLimitRefusal(input)).toBeNull();
  expect(depositLimitRefusal({ ...input, amount: 30n * M + 1n })).toEqual({
    refusal: 'self_limit_deposit',
    data: { limit: 'depositWeek', resetsAt: '2026-03-16T00:00:00.000Z' },
  });
  const until = new Date(NOW.getTime() + DAY_MS);
  expect(depositLimitRefusal({ ...input, exclusion: { kind: 'self_exclusion', until } })?.refusal).toBe(
    'self_excluded',
  );
});

test('an exclusion ends after its days, or the same day months later (the month’s last when shorter)', () => {
  expect(exclusionEnd({ kind: 'cool_off', days: 7 }, NOW)).toEqual(new Date(NOW.getTime() + 7 * DAY_MS));
  expect(exclusionEnd({ kind: 'self_exclusion', months: 6 }, new Date('2026-08-31T09:00:00Z'))).toEqual(
    new Date('2027-02-28T09:00:00Z'),
  );
  expect(exclusionEnd({ kind: 'self_exclusion', months: 60 }, NOW)).toEqual(new Date('2031-03-11T10:00:00Z'));
});
