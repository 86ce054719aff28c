import { describe, expect, test } from 'vitest';
import { describeEvent } from './water-events.js';

/** Fund details read one event per journal: its effect on `available` and its state (DESIGN.md 7). */
describe('describeEvent', () => {
  test('a withdrawal request moves available to frozen: -amount, processing until paid or returned', () => {
    const legs = [
      { account: 'available', amount: -30000n },
      { account: 'frozen', amount: 30000n },
    ] as const;
    expect(describeEvent({ kind: 'withdrawal_request', legs, followedBy: [] })).toEqual({
      availableChange: -30000n,
      grossAmount: 30000n,
      fee: null,
      state: 'processing',
    });
    expect(describeEvent({ kind: 'withdrawal_request', legs, followedBy: ['withdrawal_payout'] }).state).toBe('paid');
    expect(describeEvent({ kind: 'withdrawal_request', legs, followedBy: ['withdrawal_return'] }).state).toBe(
      'rejected',
    );
  });

  test('a payout leaves frozen only: no change to available, paid', () => {
    const meaning = describeEvent({
      kind: 'withdrawal_payout',
      legs: [{ account: 'frozen', amount: -30000n }],
      followedBy: [],
    });
    expect(meaning).toEqual({ availableChange: 0n, grossAmount: 30000n, fee: null, state: 'paid' });
  });

  test('an order placed: stake to trading, the fee leaves the user; open, settled or void', () => {
    const legs = [
      { account: 'available', amount: -10100n },
      { account: 'trading', amount: 10000n },
    ] as const;
    const placed = describeEvent({ kind: 'order_stake', legs, followedBy: [] });
    expect(placed).toEqual({ availableChange: -10100n, grossAmount: 10100n, fee: 100n, state: 'open' });
    expect(describeEvent({ kind: 'order_stake', legs, followedBy: ['order_settlement'] }).state).toBe('settled');
    expect(describeEvent({ kind: 'order_stake', legs, followedBy: ['order_void'] }).state).toBe('void');
  });

  test('a settlement is won, tie or lost by what came back against the stake', () => {
    const settle = (back: bigint) =>
      describeEvent({
        kind: 'order_settlement',
        legs: [
          { account: 'trading', amount: -10000n },
          ...(back > 0n ? [{ account: 'available' as const, amount: back }] : []),
        ],
        followedBy: [],
      });
    expect(settle(18500n).state).toBe('won');
    expect(settle(10000n).state).toBe('tie');
    expect(settle(0n)).toEqual({ availableChange: 0n, grossAmount: 10000n, fee: null, state: 'lost' });
  });

  test('a locked purchase is earning until its maturity journal; other kinds are completed', () => {
    const legs = [
      { account: 'available', amount: -50000n },
      { account: 'earn_locked', amount: 50000n },
    ] as const;
    expect(describeEvent({ kind: 'wealth_purchase', legs, followedBy: [] }).state).toBe('earning');
    expect(describeEvent({ kind: 'wealth_purchase', legs, followedBy: ['wealth_maturity'] }).state).toBe('complete');
    expect(
      describeEvent({ kind: 'deposit', legs: [{ account: 'available', amount: 50000n }], followedBy: [] }),
    ).toEqual({ availableChange: 50000n, grossAmount: 50000n, fee: null, state: 'completed' });
  });
});
