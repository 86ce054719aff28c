import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings } from '@app/contract/referral';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { ticks } from '../markets/markets.tables.js';
import { fundUsers, insertOpenOrders } from '../orders/orders.test-support.js';
import { ensurePracticeGrant } from '../practice/practice.service.js';

export const M = 1_000_000n;

/** A user who signed up with `inviter`'s code (or with none). */
export async function invitedUser(t: TestApp, inviter?: { user: { inviteCode: string } }) {
  const u = await registerUser(t.app, inviter ? { inviteCode: inviter.user.inviteCode } : {});
  return { ...u, userId: Number(u.user.id) };
}

/** Confirms a deposit of the user through the real flow (request, then finance confirms). */
export async function confirmedDeposit(t: TestApp, user: { token: string }, financeToken: string, amount = '100') {
  const submitted = await call(t.app, 'POST', '/api/wallet/submit', { method: 'bank', amount }, { token: user.token });
  if (submitted.code !== 0) throw new Error(`deposit failed: ${submitted.msg}`);
  const confirmed = await call(
    t.app,
    'POST',
    `/api/admin/deposits/${submitted.data.id}/confirm`,
    {},
    { token: financeToken },
  );
  if (confirmed.code !== 0) throw new Error(`confirm failed: ${confirmed.msg}`);
  return submitted.data.id as string;
}

/** A level table with thresholds 0..8 and the given rates (default: level × 100 bp), easy to climb in a test. */
export function steepTable(rates?: number[]): ReferralSettings {
  return {
    levels: DEFAULT_REFERRAL_SETTINGS.levels.map((_, i) => ({ minInvitees: i, rateBp: rates?.[i] ?? (i + 1) * 100 })),
  };
}

export async function putReferralTable(t: TestApp, token: string, table: ReferralSettings) {
  const r = await call(t.app, 'PUT', '/api/admin/settings/referral', table, { token });
  if (r.code !== 0) throw new Error(`referral settings failed: ${r.msg} ${JSON.stringify(r.data)}`);
  return r;
}

/**
 * Ticks a second apart from `t0` for `seconds` s, rising by 1 each second: an `up` order accepted
 * between two of them and ending inside the run wins.
 */
export async function risingTicks(db: Db, symbol: string, t0: number, seconds: number) {
  const rows = Array.from({ length: seconds + 1 }, (_, s) => ({
    symbol,
    time: new Date(t0 + s * 1000),
    price: 1_000n + BigInt(s),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(ticks).values(rows.slice(i, i + 500));
}

/**
 * Open orders for a user, already due: funded and staked through the ledger, accepted at `acceptedAt`
 * for 10 s. Without ticks around that time they settle void. A practice order stakes the user's
 * practice grant.
 */
export async function dueOrders(
  db: Db,
  userId: number,
  specs: Array<{
    fee: bigint;
    acceptedAt: Date;
    amount?: bigint;
    direction?: 'up' | 'down';
    account?: 'real' | 'practice';
  }>,
  symbol = 'BTCUSDT',
) {
  await fundUsers(db, [userId], 10_000n * M, `referral-${userId}-${Date.now()}-${Math.random()}`);
  if (specs.some((s) => s.account === 'practice')) await ensurePracticeGrant(db, userId);
  return insertOpenOrders(
    db,
    specs.map((s) => ({
      userId,
      symbol,
      direction: s.direction ?? 'up',
      amount: s.amount ?? 10n * M,
      fee: s.fee,
      payoutRateBp: 8000,
      period: 10,
      acceptedAt: s.acceptedAt,
      account: s.account ?? 'real',
    })),
  );
}

/** The referral_cashback journals of an order (0 or 1, ever). */
export async function cashbackJournalsOf(db: Db, orderId: number) {
  return db
    .select({ id: ledgerJournals.id, key: ledgerJournals.idempotencyKey })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.kind, 'referral_cashback'),
        eq(ledgerJournals.referenceType, 'order'),
        eq(ledgerJournals.referenceId, String(orderId)),
      ),
    );
}

export async function countCashbackJournals(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.kind, 'referral_cashback'));
  return Number(row?.n ?? 0);
}
