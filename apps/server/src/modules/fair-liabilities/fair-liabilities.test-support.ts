import { createHash } from 'node:crypto';
import type { UserAccountKind } from '@app/contract/ledger';
import { transact } from '../../db/transact.js';
import { registerUser, type TestApp } from '../../test/test-app.js';
import { postJournal } from '../ledger/ledger.service.js';
import type { LiabilityClock } from './fair-liabilities.service.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const MASTER = Buffer.alloc(32, 0x5a);

/** A clock fixed at an instant; `at` moves it. */
export function fixedClock(iso: string): LiabilityClock & { at: (iso: string) => void } {
  let now = new Date(iso);
  return {
    now: () => now,
    at: (next) => {
      now = new Date(next);
    },
  };
}

let sequence = 0;

/** The journal kind that moves `available` into each other account (what the app would do). */
const MOVE_KIND = {
  frozen: 'withdrawal_request',
  trading: 'order_stake',
  earn_locked: 'wealth_purchase',
  earn_flexible: 'flexible_subscribe',
} as const;

/**
 * A signed-up user whose money sits in several accounts: `deposit` minor units in, then `moves` from
 * available into the other accounts. Answers the user and their expected total.
 */
export async function userWithMoney(
  t: TestApp,
  deposit: bigint,
  moves: Partial<Record<Exclude<UserAccountKind, 'available'>, bigint>> = {},
) {
  const u = await registerUser(t.app);
  const userId = Number(u.user.id);
  await transact(t.database.db, async (tx) => {
    if (deposit > 0n) {
      await postJournal(tx, {
        kind: 'deposit',
        idempotencyKey: `test:liabilities:deposit:${userId}:${++sequence}`,
        reference: { type: 'test', id: userId },
        postings: [
          { account: { platform: 'deposits' }, amount: -deposit },
          { account: { userId, kind: 'available' }, amount: deposit },
        ],
      });
    }
    for (const [kind, amount] of Object.entries(moves) as [keyof typeof MOVE_KIND, bigint][]) {
      await postJournal(tx, {
        kind: MOVE_KIND[kind],
        idempotencyKey: `test:liabilities:move:${userId}:${++sequence}`,
        reference: { type: 'test', id: userId },
        postings: [
          { account: { userId, kind: 'available' }, amount: -amount },
          { account: { userId, kind }, amount },
        ],
      });
    }
  });
  return { ...u, userId, totalMinor: deposit };
}
