import {
  FLEXIBLE_SUBSCRIBE_MIN,
  type FlexibleAction,
  type FlexibleHistoryItem,
  type FlexibleMyOrder,
  type FlexibleOrder,
  type FlexibleRate,
  type FlexibleSummary,
  formatDailyRatePercent,
  parseDailyRatePercent,
} from '@app/contract/flexible-earn';
import { formatAmount, parseAmount } from '@app/contract/money';
import { count, desc, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import {
  type IdempotencyClaim,
  type IdempotentResult,
  rowKeyOf,
  runIdempotent,
} from '../idempotency/run-idempotent.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { postJournal } from '../ledger/ledger.service.js';
import { NO_SECOND_FACTOR, type SecondFactorPass, verifyPayPassword } from '../users/users.service.js';
import { flexibleDays, flexibleOrders, flexibleRates } from './flexible.tables.js';

/**
 * Flexible earn (DESIGN.md 6.5): subscribe moves available → earn_flexible, redeem moves it back,
 * both through the ledger, with the payment password, and each updates the user's row of the current
 * platform day (its lowest balance). Interest is paid by flexible-accrual.ts.
 */

/** Which platform day "now" is: the routes pass the real clock, tests a fixed one. */
export interface PlatformClock {
  now: () => Date;
  timeZone: string;
}

/** Serialises one user's moves, so a repeated key and the balance read before the move hold. */
const MOVE_LOCK_CLASS = 7_262_300;

type OrderRow = typeof flexibleOrders.$inferSelect;

function toFlexibleOrder(row: OrderRow): FlexibleOrder {
  return {
    id: String(row.id),
    action: row.action,
    amount: formatAmount(row.amount),
    heldAfter: formatAmount(row.heldAfter),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface MoveRequest {
  action: FlexibleAction;
  amount: string;
  payPassword: string;
}

export async function moveFlexible(
  db: Db,
  userId: number,
  request: MoveRequest,
  claim: IdempotencyClaim | null,
  clock: PlatformClock,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<IdempotentResult<FlexibleOrder>> {
  const amount = parseAmount(request.amount);
  const isSubscribe = request.action === 'subscribe';
  if (isSubscribe && amount < parseAmount(FLEXIBLE_SUBSCRIBE_MIN)) throw new AppError('flexible_amount_below_minimum');
  // Clear answers before the payment password counts a try; the transaction checks again under lock.
  const source = isSubscribe ? 'available' : 'earn_flexible';
  if (amount > (await userAccountBalance(db, userId, source))) {
    throw new AppError(isSubscribe ? 'insufficient_balance' : 'flexible_redeem_exceeds_held');
  }
  await verifyPayPassword(db, userId, request.payPassword);

  return runIdempotent(db, claim, async (tx) => {
    await secondFactor.spend(tx);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MOVE_LOCK_CLASS}, ${userId})`);
    // Only this user's moves change earn_flexible (interest is paid to available), and they are
    // serialised by the lock above: the balance read here is the balance the journal starts from.
    const heldBefore = await userAccountBalance(tx, userId, 'earn_flexible');
    if (!isSubscribe && amount > heldBefore) throw new AppError('flexible_redeem_exceeds_held');
    const heldAfter = isSubscribe ? heldBefore + amount : heldBefore - amount;
    const [created] = await tx
      .insert(flexibleOrders)
      .values({ userId, action: request.action, amount, heldAfter, requestKey: rowKeyOf(claim) })
      .returning();
    await postJournal(tx, {
      kind: isSubscribe ? 'flexible_subscribe' : 'flexible_redeem',
      idempotencyKey: `flexible:${created!.id}:${request.action}`,
      reference: { type: 'flexible_order', id: created!.id },
      postings: [
        { account: { userId, kind: 'available' }, amount: isSubscribe ? -amount : amount },
        { account: { userId, kind: 'earn_flexible' }, amount: isSubscribe ? amount : -amount },
      ],
    });
    await recordDayMove(tx, userId, platformDate(clock.now(), clock.timeZone), heldBefore, heldAfter);
    return toFlexibleOrder(created!);
  });
}

/**
 * Keeps the day's lowest balance: a new day row opens with the balance before the first move of the
 * day (held since the day began), and every move lowers `lowest_balance` to the balance after it
 * when that is lower. So money subscribed today earns nothing for today.
 */
async function recordDayMove(tx: DbOrTx, userId: number, day: string, before: bigint, after: bigint): Promise<void> {
  await tx
    .insert(flexibleDays)
    .values({
      userId,
      day,
      openingBalance: before,
      lowestBalance: before < after ? before : after,
      closingBalance: after,
    })
    .onConflictDoUpdate({
      target: [flexibleDays.userId, flexibleDays.day],
      set: {
        lowestBalance: sql`least(${flexibleDays.lowestBalance}, excluded.lowest_balance)`,
        closingBalance: sql`excluded.closing_balance`,
      },
    });
}

// Rates

/** The rate (× 10^8) in force on `day`: the latest `effective_from` ≤ day, newest row on ties. */
export async function rateForDay(db: DbOrTx, day: string): Promise<bigint> {
  const [row] = await db
    .select({ rateE8: flexibleRates.rateE8 })
    .from(flexibleRates)
    .where(sql`${flexibleRates.effectiveFrom} <= ${day}`)
    .orderBy(desc(flexibleRates.effectiveFrom), desc(flexibleRates.id))
    .limit(1);
  return row?.rateE8 ?? 0n;
}

/** The next change after `day`, if one is scheduled. */
async function nextRateAfter(db: DbOrTx, day: string): Promise<{ rateE8: bigint; effectiveFrom: string } | null> {
  const [first] = await db
    .select({ effectiveFrom: flexibleRates.effectiveFrom })
    .from(flexibleRates)
    .where(sql`${flexibleRates.effectiveFrom} > ${day}`)
    .orderBy(flexibleRates.effectiveFrom)
    .limit(1);
  if (!first) return null;
  return { rateE8: await rateForDay(db, first.effectiveFrom), effectiveFrom: first.effectiveFrom };
}

export async function setDailyRate(
  db: Db,
  actor: AuditActor,
  input: { dailyRatePercent: string; effectiveFrom?: string },
  clock: PlatformClock,
): Promise<FlexibleRate> {
  const today = platformDate(clock.now(), clock.timeZone);
  const effectiveFrom = input.effectiveFrom ?? addDays(today, 1);
  // A day already begun keeps its rate; a malformed calendar date (2026-02-30) is refused too.
  if (effectiveFrom <= today || addDays(effectiveFrom, 0) !== effectiveFrom) {
    throw new AppError('flexible_rate_day_invalid');
  }
  const rateE8 = parseDailyRatePercent(input.dailyRatePercent);
  const row = await transact(db, async (tx) => {
    const before = await rateForDay(tx, effectiveFrom);
    const [created] = await tx
      .insert(flexibleRates)
      .values({ rateE8, effectiveFrom, adminId: actor.adminId, adminUsername: actor.adminUsername })
      .returning();
    await recordAudit(tx, actor, {
      action: 'flexible_rate.set',
      targetType: 'flexible_rate',
      targetId: created!.id,
      before: { dailyRatePercent: formatDailyRatePercent(before), effectiveFrom },
      after: { dailyRatePercent: formatDailyRatePercent(rateE8), effectiveFrom },
    });
    return created!;
  });
  return toFlexibleRate(row);
}

function toFlexibleRate(row: typeof flexibleRates.$inferSelect): FlexibleRate {
  return {
    id: String(row.id),
    dailyRatePercent: formatDailyRatePercent(row.rateE8),
    effectiveFrom: row.effectiveFrom,
    adminUsername: row.adminUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRates(db: DbOrTx, page: { page: number; pageSize: number }) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(flexibleRates)
      .orderBy(desc(flexibleRates.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(flexibleRates),
  ]);
  return { list: rows.map(toFlexibleRate), total: totalRow?.total ?? 0, ...page };
}

// Reads

const toBig = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(String(value)));

export async function myFlexible(
  db: DbOrTx,
  userId: number,
  page: { page: number; pageSize: number },
  clock: PlatformClock,
): Promise<FlexibleMyOrder> {
  const today = platformDate(clock.now(), clock.timeZone);
  const [held, available, profits, rateE8, next, history] = await Promise.all([
    userAccountBalance(db, userId, 'earn_flexible'),
    userAccountBalance(db, userId, 'available'),
    queryRows<{ total: unknown; yesterday: unknown }>(
      db,
      sql`SELECT coalesce(sum(interest), 0) AS total,
                 coalesce(sum(interest) FILTER (WHERE day = ${addDays(today, -1)}), 0) AS yesterday
          FROM flexible_days WHERE user_id = ${userId} AND interest > 0`,
    ),
    rateForDay(db, today),
    nextRateAfter(db, today),
    historyOf(db, userId, page),
  ]);
  return {
    currency: 'USDT',
    held: formatAmount(held),
    yesterdayProfit: formatAmount(toBig(profits[0]?.yesterday)),
    totalProfit: formatAmount(toBig(profits[0]?.total)),
    dailyRatePercent: formatDailyRatePercent(rateE8),
    nextDailyRatePercent: next ? formatDailyRatePercent(next.rateE8) : null,
    nextRateFrom: next?.effectiveFrom ?? null,
    available: formatAmount(available),
    subscribeMin: FLEXIBLE_SUBSCRIBE_MIN,
    platformTimeZone: clock.timeZone,
    history,
  };
}

interface HistoryRow {
  id: string;
  type: FlexibleHistoryItem['type'];
  amount: unknown;
  day: string | null;
  lowest: unknown;
  rate_e8: unknown;
  created_at: Date | string;
}

/** Subscriptions, redemptions and paid interest, newest first. */
async function historyOf(db: DbOrTx, userId: number, page: { page: number; pageSize: number }) {
  const union = sql`
    SELECT 'o' || id::text AS id, action AS type, amount, NULL::text AS day, NULL::bigint AS lowest,
           NULL::bigint AS rate_e8, created_at
    FROM flexible_orders WHERE user_id = ${userId}
    UNION ALL
    SELECT 'i' || id::text, 'interest', interest, day::text, lowest_balance, rate_e8, accrued_at
    FROM flexible_days WHERE user_id = ${userId} AND interest > 0`;
  const [rows, totals] = await Promise.all([
    queryRows<HistoryRow>(
      db,
      sql`SELECT * FROM (${union}) h ORDER BY created_at DESC, day DESC NULLS LAST, id DESC
          LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    ),
    queryRows<{ total: unknown }>(db, sql`SELECT count(*) AS total FROM (${union}) h`),
  ]);
  const list: FlexibleHistoryItem[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    amount: formatAmount(toBig(row.amount)),
    day: row.day,
    lowestBalance: row.type === 'interest' ? formatAmount(toBig(row.lowest)) : null,
    dailyRatePercent: row.type === 'interest' ? formatDailyRatePercent(toBig(row.rate_e8)) : null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { list, total: Number(totals[0]?.total ?? 0), ...page };
}

export async function flexibleSummary(db: DbOrTx, clock: PlatformClock): Promise<FlexibleSummary> {
  const today = platformDate(clock.now(), clock.timeZone);
  const [rateE8, next, [holdings], [paid]] = await Promise.all([
    rateForDay(db, today),
    nextRateAfter(db, today),
    // Each user's latest day row closes with what they hold now (every move updates it).
    queryRows<{ held: unknown; holders: unknown }>(
      db,
      sql`SELECT coalesce(sum(closing_balance), 0) AS held, count(*) FILTER (WHERE closing_balance > 0) AS holders
          FROM (SELECT DISTINCT ON (user_id) closing_balance FROM flexible_days ORDER BY user_id, day DESC) latest`,
    ),
    queryRows<{
      total: unknown;
      yesterday: unknown;
      last_accrued: string | null;
      first_pending: string | null;
      pending: unknown;
    }>(
      db,
      sql`SELECT coalesce(sum(interest), 0) AS total,
                 coalesce(sum(interest) FILTER (WHERE day = ${addDays(today, -1)}), 0) AS yesterday,
                 max(day) FILTER (WHERE accrued_at IS NOT NULL)::text AS last_accrued,
                 min(day) FILTER (WHERE accrued_at IS NULL AND day < ${today})::text AS first_pending,
                 count(*) FILTER (WHERE accrued_at IS NULL AND day < ${today}) AS pending
          FROM flexible_days`,
    ),
  ]);
  return {
    dailyRatePercent: formatDailyRatePercent(rateE8),
    nextDailyRatePercent: next ? formatDailyRatePercent(next.rateE8) : null,
    nextRateFrom: next?.effectiveFrom ?? null,
    today,
    platformTimeZone: clock.timeZone,
    totalHeld: formatAmount(toBig(holdings?.held)),
    holders: Number(holdings?.holders ?? 0),
    totalInterestPaid: formatAmount(toBig(paid?.total)),
    yesterdayInterestPaid: formatAmount(toBig(paid?.yesterday)),
    // Every day before the first unpaid one is paid to everyone.
    lastPaidDay: paid?.first_pending ? addDays(paid.first_pending, -1) : (paid?.last_accrued ?? null),
    daysPending: Number(paid?.pending ?? 0),
  };
}
