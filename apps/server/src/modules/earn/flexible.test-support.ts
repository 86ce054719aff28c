import { parseAmount } from '@app/contract/money';
import { and, eq, like } from 'drizzle-orm';
import { transact } from '../../db/transact.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { postJournal } from '../ledger/ledger.service.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { moveFlexible, type PlatformClock } from './flexible.service.js';

export const PAY = '246810';

/** A signed-up user with a payment password and `available` credited (a deposit journal). */
export async function flexibleUser(t: TestApp, available = '0') {
  const u = await registerUser(t.app);
  const r = await call(
    t.app,
    'POST',
    '/api/user/reset_paypwd',
    { password: u.password, newPayPassword: PAY },
    { token: u.token },
  );
  if (r.code !== 0) throw new Error(`reset_paypwd failed: ${r.msg}`);
  const userId = Number(u.user.id);
  if (available !== '0') await credit(t, userId, available);
  return { ...u, userId };
}

let creditSequence = 0;

/** Money in, as a confirmed deposit would post it; the deposit flow has its own tests. */
export async function credit(t: TestApp, userId: number, amount: string) {
  const minor = parseAmount(amount);
  await transact(t.database.db, (tx) =>
    postJournal(tx, {
      kind: 'deposit',
      idempotencyKey: `test:flexible:credit:${userId}:${++creditSequence}:${Date.now()}`,
      reference: { type: 'test', id: userId },
      postings: [
        { account: { platform: 'deposits' }, amount: -minor },
        { account: { userId, kind: 'available' }, amount: minor },
      ],
    }),
  );
}

/** A clock fixed at an instant; `at` moves it. */
export function fixedClock(iso: string, timeZone = 'UTC'): PlatformClock & { at: (iso: string) => void } {
  let now = new Date(iso);
  return {
    now: () => now,
    timeZone,
    at: (next) => {
      now = new Date(next);
    },
  };
}

/** A move without an Idempotency-Key; answers the order it made. */
export async function move(
  t: TestApp,
  userId: number,
  action: 'subscribe' | 'redeem',
  amount: string,
  clock: PlatformClock,
) {
  return (await moveFlexible(t.database.db, userId, { action, amount, payPassword: PAY }, null, clock)).value;
}

export async function balancesOf(t: TestApp, userId: number) {
  const db = t.database.db;
  return {
    available: await userAccountBalance(db, userId, 'available'),
    held: await userAccountBalance(db, userId, 'earn_flexible'),
  };
}

/** The user's interest journals (all users' when none is given). */
export async function interestJournalCount(t: TestApp, userId?: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.kind, 'flexible_interest'),
        userId === undefined ? undefined : like(ledgerJournals.idempotencyKey, `flexible:interest:${userId}:%`),
      ),
    );
  return rows.length;
}
