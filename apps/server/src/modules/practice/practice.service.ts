import { PRACTICE_CURRENCY } from '@app/contract/ledger';
import { formatAmount } from '@app/contract/money';
import { PRACTICE_BALANCE_MINOR, type PracticeBalance } from '@app/contract/practice';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { addDays, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';
import { isJournalPosted, userAccountBalance } from '../ledger/ledger.reads.js';
import { accountKey, lockUserBalances, postJournal } from '../ledger/ledger.service.js';
import { practiceResets } from './practice.tables.js';

/*
 * The practice account (issue 14). Where each rule lives:
 *
 *   rule                                                      home
 *   practice money is a currency of its own (PUSDT) that no    contract ledger.ts isJournalKindAllowedIn,
 *   deposit, withdrawal, conversion, earn or cashback moves    enforced by ledger.service.ts for every journal
 *   10 000 given once, at first use, also under concurrency    ensurePracticeGrant (the ledger's key posts once)
 *   reset to 10 000 once per platform day                      resetPractice (practice_resets' key (user, day))
 *   practice orders: same engine and settlement, own exposure  orders (order-placer.ts, settling.ts, exposure.ts)
 *   and open-order count, no cashback, not in real reports
 */

const available = (userId: number) => ({ userId, kind: 'available' as const, currency: PRACTICE_CURRENCY });
const grantKey = (userId: number) => `practice:${userId}:grant`;

/**
 * Gives the user their 10 000 practice USDT the first time they use practice, exactly once: the
 * grant's journal key is the user's, so two first uses at once post it once (the second waits on
 * the first's key and answers a replay).
 */
export async function ensurePracticeGrant(db: Db, userId: number): Promise<void> {
  if (await isJournalPosted(db, grantKey(userId))) return;
  await transact(db, (tx) =>
    postJournal(tx, {
      kind: 'practice_grant',
      idempotencyKey: grantKey(userId),
      reference: { type: 'practice', id: userId },
      postings: [
        { account: available(userId), amount: PRACTICE_BALANCE_MINOR },
        { account: { platform: 'practice', currency: PRACTICE_CURRENCY }, amount: -PRACTICE_BALANCE_MINOR },
      ],
    }),
  );
}

/** The user's practice balance (granted first when it never was). */
export async function getPracticeBalance(
  db: Db,
  userId: number,
  now: Date,
  timeZone: string,
): Promise<PracticeBalance> {
  await ensurePracticeGrant(db, userId);
  return readBalance(db, userId, now, timeZone);
}

/**
 * Brings the practice balance back to 10 000 with one journal (the difference, to or from the
 * platform's practice account), once per platform day: a second reset the same day is refused and
 * moves nothing. Open practice orders stay open and settle into the reset balance.
 */
export async function resetPractice(db: Db, userId: number, now: Date, timeZone: string): Promise<PracticeBalance> {
  await ensurePracticeGrant(db, userId);
  const day = platformDate(now, timeZone);
  await transact(db, async (tx) => {
    const claimed = await tx.insert(practiceResets).values({ userId, day }).onConflictDoNothing().returning();
    if (claimed.length === 0) {
      throw new AppError('practice_reset_used_today', { nextResetAt: nextDayStart(day, timeZone).toISOString() });
    }
    const balances = await lockUserBalances(tx, [available(userId)]);
    const difference = PRACTICE_BALANCE_MINOR - (balances.get(accountKey(available(userId))) ?? 0n);
    if (difference === 0n) return;
    await postJournal(tx, {
      kind: 'practice_reset',
      idempotencyKey: `practice:${userId}:reset:${day}`,
      reference: { type: 'practice', id: userId },
      postings: [
        { account: available(userId), amount: difference },
        { account: { platform: 'practice', currency: PRACTICE_CURRENCY }, amount: -difference },
      ],
    });
  });
  return readBalance(db, userId, now, timeZone);
}

async function readBalance(db: DbOrTx, userId: number, now: Date, timeZone: string): Promise<PracticeBalance> {
  const day = platformDate(now, timeZone);
  const [free, staked, [usedToday]] = await Promise.all([
    userAccountBalance(db, userId, 'available', PRACTICE_CURRENCY),
    userAccountBalance(db, userId, 'trading', PRACTICE_CURRENCY),
    db
      .select({ day: practiceResets.day })
      .from(practiceResets)
      .where(and(eq(practiceResets.userId, userId), eq(practiceResets.day, day))),
  ]);
  return {
    currency: PRACTICE_CURRENCY,
    available: formatAmount(free),
    trading: formatAmount(staked),
    total: formatAmount(free + staked),
    nextResetAt: usedToday ? nextDayStart(day, timeZone).toISOString() : null,
  };
}

function nextDayStart(day: string, timeZone: string): Date {
  return startOfPlatformDate(addDays(day, 1), timeZone);
}
