import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { addDays, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';
import { JOURNAL_BATCH_MAX, type JournalInput, postJournals } from '../ledger/ledger.service.js';
import { dueInterestDays, nextPayoutDateAfter } from './wealth-terms.js';

/**
 * The daily accrual of locked deposits (calendar in wealth-terms.ts). At 00:00 of each platform date
 * the orders whose next payout date has come are paid, in batches: each batch claims its orders
 * with FOR UPDATE SKIP LOCKED (several workers share the work), posts one `wealth_interest` journal
 * per order and interest day (platform:earn_interest → available, key `wealth:<order>:interest:<date>`)
 * and at maturity one `wealth_maturity` journal (earn_locked → available, key `wealth:<order>:maturity`),
 * and advances the orders in one statement, all in one transaction. So each order is paid once per
 * day, also with two workers, after a crash (the transaction is all or nothing, and the keys refuse a
 * second payment), and after missed days (every unpaid day up to yesterday is paid, oldest first).
 */

/** Orders one batch claims; at most two journals each on a normal day, so one ledger call per batch. */
export const ACCRUAL_BATCH_MAX = 500;

interface DueOrderRow {
  id: string | number;
  user_id: string | number;
  amount: string;
  cycle_days: number;
  daily_interest: string;
  purchase_date: string | Date;
  days_paid: number;
  interest_paid: string;
}

interface OrderAdvance {
  id: number;
  daysPaid: number;
  interestPaid: bigint;
  nextPayoutDate: string;
  isComplete: boolean;
}

/** PGlite answers `date` columns as Date (UTC midnight), node-postgres as text: both to `YYYY-MM-DD`. */
function dateText(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Journals and the new state of one order for what is due on `today`. */
export function accrualOf(row: DueOrderRow, today: string): { journals: JournalInput[]; advance: OrderAdvance } {
  const id = Number(row.id);
  const userId = Number(row.user_id);
  const purchaseDate = dateText(row.purchase_date);
  const daily = BigInt(row.daily_interest);
  const due = dueInterestDays({ purchaseDate, cycleDays: row.cycle_days, daysPaid: row.days_paid }, today);
  const reference = { type: 'wealth_order', id };
  const journals: JournalInput[] = [];
  // A day whose interest rounds down to zero is still a day served; there is just nothing to post.
  if (daily > 0n) {
    for (const date of due.dates) {
      journals.push({
        kind: 'wealth_interest',
        idempotencyKey: `wealth:${id}:interest:${date}`,
        reference,
        postings: [
          { account: { platform: 'earn_interest' }, amount: -daily },
          { account: { userId, kind: 'available' }, amount: daily },
        ],
      });
    }
  }
  if (due.isMaturing) {
    const amount = BigInt(row.amount);
    journals.push({
      kind: 'wealth_maturity',
      idempotencyKey: `wealth:${id}:maturity`,
      reference,
      postings: [
        { account: { userId, kind: 'earn_locked' }, amount: -amount },
        { account: { userId, kind: 'available' }, amount },
      ],
    });
  }
  const daysPaid = row.days_paid + due.dates.length;
  return {
    journals,
    advance: {
      id,
      daysPaid,
      interestPaid: BigInt(row.interest_paid) + daily * BigInt(due.dates.length),
      nextPayoutDate: nextPayoutDateAfter(purchaseDate, daysPaid),
      isComplete: due.isMaturing,
    },
  };
}

/**
 * One batch: claims up to `limit` orders due on `today` and pays them. Answers how many orders it
 * advanced (fewer than `limit` means nothing more is due, or other workers hold the rest).
 */
export async function accrueDueBatch(db: Db, today: string, limit = ACCRUAL_BATCH_MAX): Promise<number> {
  return transact(db, async (tx) => {
    const rows = await queryRows<DueOrderRow>(
      tx,
      sql`SELECT id, user_id, amount::text AS amount, cycle_days, daily_interest::text AS daily_interest,
            purchase_date::text AS purchase_date, days_paid, interest_paid::text AS interest_paid
          FROM wealth_orders
          WHERE status = 'earning' AND next_payout_date <= ${today}::date
          ORDER BY next_payout_date, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`,
    );
    if (rows.length === 0) return 0;
    const journals: JournalInput[] = [];
    const advances: OrderAdvance[] = [];
    for (const row of rows) {
      const { journals: own, advance } = accrualOf(row, today);
      journals.push(...own);
      advances.push(advance);
    }
    for (let start = 0; start < journals.length; start += JOURNAL_BATCH_MAX) {
      await postJournals(tx, journals.slice(start, start + JOURNAL_BATCH_MAX));
    }
    await advanceOrders(tx, advances);
    return rows.length;
  });
}

/** Writes the new state of every order of the batch in one statement. */
async function advanceOrders(tx: Tx, advances: readonly OrderAdvance[]): Promise<void> {
  const values = sql.join(
    advances.map(
      (a) =>
        sql`(${a.id}::bigint, ${a.daysPaid}::int, ${a.interestPaid.toString()}::bigint, ${a.nextPayoutDate}::date, ${a.isComplete}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE wealth_orders o SET
      days_paid = v.days_paid,
      interest_paid = v.interest_paid,
      next_payout_date = v.next_payout_date,
      status = CASE WHEN v.is_complete THEN 'complete' ELSE o.status END,
      completed_at = CASE WHEN v.is_complete THEN now() ELSE o.completed_at END
    FROM (VALUES ${values}) AS v(id, days_paid, interest_paid, next_payout_date, is_complete)
    WHERE o.id = v.id`);
}

/** Pays everything due on `today`, batch after batch; answers how many order advances it made. */
export async function accrueDue(db: Db, today: string, options: { batchMax?: number; batchesMax?: number } = {}) {
  const batchMax = options.batchMax ?? ACCRUAL_BATCH_MAX;
  const batchesMax = options.batchesMax ?? Number.POSITIVE_INFINITY;
  let advanced = 0;
  for (let i = 0; i < batchesMax; i++) {
    const n = await accrueDueBatch(db, today, batchMax);
    advanced += n;
    if (n < batchMax) break;
  }
  return advanced;
}

/** Checks for due work at least this often (and right after each platform midnight). */
const POLL_MS_DEFAULT = 60_000;
/** A pass stops after this many batches and yields; the next pass continues (a bound on one run). */
const BATCHES_PER_PASS_MAX = 1_000;

interface WorkerLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * Runs the accrual on a timer: once at start (catching up whatever was missed while down), then
 * just after each 00:00 in the platform time zone, and every poll in between in case a pass was cut
 * short. Idempotent, so any number of these may run in any number of processes.
 */
export class WealthAccrualWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly log: WorkerLog,
    options: { pollMs?: number; now?: () => Date } = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS_DEFAULT;
    this.now = options.now ?? (() => new Date());
  }

  private readonly now: () => Date;

  start(): void {
    this.loop();
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((error) => this.log.error({ err: error }, 'wealth accrual failed'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.loop(), this.delayToNextRunMs());
      });
  }

  /** The poll interval, or less when the next platform midnight comes sooner. */
  private delayToNextRunMs(): number {
    const now = this.now();
    const tomorrow = addDays(platformDate(now, this.timeZone), 1);
    const untilMidnight = startOfPlatformDate(tomorrow, this.timeZone).getTime() - now.getTime();
    return Math.max(50, Math.min(this.pollMs, untilMidnight + 50));
  }

  /** Pays what is due now; answers how many order advances it made. */
  async runOnce(): Promise<number> {
    const today = platformDate(this.now(), this.timeZone);
    try {
      return await accrueDue(this.db, today, { batchesMax: BATCHES_PER_PASS_MAX });
    } catch (error) {
      // A refused batch (it cannot be: interest only credits, maturity moves what earn_locked holds)
      // is logged; the orders stay due and the next pass tries again.
      if (error instanceof AppError) {
        this.log.error({ err: error }, 'wealth accrual refused by the ledger');
        return 0;
      }
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
