import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { addDays, platformDate, startOfPlatformDate } from '../../lib/platform-day.js';
import { JOURNAL_BATCH_MAX, type JournalInput, postJournals } from '../ledger/ledger.service.js';
import type { PlatformClock } from './flexible.service.js';

/**
 * The daily flexible-earn interest (DESIGN.md 6.5). Every day row of an ended platform day is paid
 * once: interest = floor(lowest balance × the day's rate / 10^8), credited platform:earn_interest →
 * the user's `available` (paid out, not compounded), and the next day's row is opened with the
 * day's closing balance. Rows are claimed with FOR UPDATE SKIP LOCKED in batches, so several
 * workers share the work; the claim, the journals (one idempotency key per user and day) and the
 * next day's row commit together, so a crash repeats a batch whole or not at all. Missed days need
 * no special case: each paid day opens the next, and every ended day that is still unpaid is due.
 */

export const ACCRUAL_BATCH_MAX = JOURNAL_BATCH_MAX;
/**
 * A day is paid this long after it ends, so a move that began just before midnight has committed
 * into that day's row before the row is read.
 */
export const DAY_END_GRACE_MS = 10_000;

interface PaidRow {
  id: unknown;
  user_id: unknown;
  day: string;
  closing_balance: unknown;
  interest: unknown;
}

/** The platform days before this one have ended (and their grace has passed). */
export function firstUnendedDay(clock: PlatformClock): string {
  return platformDate(new Date(clock.now().getTime() - DAY_END_GRACE_MS), clock.timeZone);
}

/** Pays one batch of due day rows; answers how many rows it paid (interest 0 included). */
export async function accrueBatch(db: Db, clock: PlatformClock, limit = ACCRUAL_BATCH_MAX): Promise<number> {
  if (limit < 1 || limit > ACCRUAL_BATCH_MAX) throw new Error(`batch of ${limit} is out of range`);
  const cutoff = firstUnendedDay(clock);
  return transact(db, async (tx) => {
    // Oldest days first, so a catch-up goes through the days in order.
    const rows = await queryRows<PaidRow>(
      tx,
      sql`WITH claimed AS (
            SELECT id, day FROM flexible_days
            WHERE accrued_at IS NULL AND day < ${cutoff}
            ORDER BY day, user_id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          ), priced AS (
            SELECT c.id, coalesce((
              SELECT r.rate_e8 FROM flexible_rates r WHERE r.effective_from <= c.day
              ORDER BY r.effective_from DESC, r.id DESC LIMIT 1), 0) AS rate_e8
            FROM claimed c
          )
          UPDATE flexible_days d
          SET rate_e8 = p.rate_e8,
              interest = div(d.lowest_balance::numeric * p.rate_e8, 100000000)::bigint,
              accrued_at = now()
          FROM priced p
          WHERE d.id = p.id
          RETURNING d.id, d.user_id, d.day::text AS day, d.closing_balance, d.interest`,
    );
    if (rows.length === 0) return 0;
    await postJournals(tx, rows.filter((row) => BigInt(String(row.interest)) > 0n).map(interestJournal));
    // After the journals: the same lock order as a move (ledger accounts, then today's row).
    const ids = rows.map((row) => String(row.id));
    await tx.execute(
      sql`INSERT INTO flexible_days (user_id, day, opening_balance, lowest_balance, closing_balance)
          SELECT user_id, day + 1, closing_balance, closing_balance, closing_balance
          FROM flexible_days
          WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) AND closing_balance > 0
          ON CONFLICT (user_id, day) DO NOTHING`,
    );
    return rows.length;
  });
}

function interestJournal(row: PaidRow): JournalInput {
  const userId = Number(row.user_id);
  const interest = BigInt(String(row.interest));
  return {
    kind: 'flexible_interest',
    // One payment per user per day, ever: the ledger refuses a second journal with this key.
    idempotencyKey: `flexible:interest:${userId}:${row.day}`,
    reference: { type: 'flexible_day', id: String(row.id) },
    memo: row.day,
    postings: [
      { account: { platform: 'earn_interest' }, amount: -interest },
      { account: { userId, kind: 'available' }, amount: interest },
    ],
  };
}

/** Pays every due row, batch after batch, until none is left (or `batchesMax`). */
export async function accrueDueDays(
  db: Db,
  clock: PlatformClock,
  options: { batchMax?: number; batchesMax?: number; isStopped?: () => boolean } = {},
): Promise<number> {
  const batchMax = options.batchMax ?? ACCRUAL_BATCH_MAX;
  let paid = 0;
  for (let i = 0; i < (options.batchesMax ?? 10_000) && !options.isStopped?.(); i++) {
    const n = await accrueBatch(db, clock, batchMax);
    paid += n;
    // Not "a short batch": paying a day opens the next, which may be due too (a catch-up).
    if (n === 0) break;
  }
  return paid;
}

/** Milliseconds from `now` until the next platform midnight plus the grace. */
export function msUntilNextRun(clock: PlatformClock): number {
  const now = clock.now();
  const tomorrow = addDays(platformDate(now, clock.timeZone), 1);
  return startOfPlatformDate(tomorrow, clock.timeZone).getTime() + DAY_END_GRACE_MS - now.getTime();
}

interface WorkerLog {
  error: (obj: unknown, msg: string) => void;
  info: (obj: unknown, msg: string) => void;
}

/** Re-checks at least this often, so a changed clock or a failed run is retried soon. */
const RECHECK_MS_MAX = 60_000;

/**
 * Runs the accrual on start (catching up what a stop or a crash missed) and then at every platform
 * midnight. Several may run at once, in one process or many.
 */
export class FlexibleAccrualWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly log: WorkerLog,
  ) {}

  private get clock(): PlatformClock {
    return { now: () => new Date(), timeZone: this.timeZone };
  }

  start(): void {
    this.loop();
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = accrueDueDays(this.db, this.clock, { isStopped: () => this.stopped })
      .then((paid) => {
        if (paid > 0) this.log.info({ paid }, 'flexible earn interest paid');
      })
      .catch((error) => this.log.error({ err: error }, 'flexible earn accrual failed'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        const waitMs = Math.max(1_000, Math.min(RECHECK_MS_MAX, msUntilNextRun(this.clock)));
        this.timer = setTimeout(() => this.loop(), waitMs);
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
