import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import { TickWakenedLoop } from '../../lib/tick-wakened-loop.js';
import type { OrderRow } from './order-rows.js';
import { dueOrderIds, SETTLEMENT_BATCH_MAX, settleDueOrders, sweepMissedEntries } from './settling.js';

/** The fallback cadence; a tick recorded by this process's engine wakes the worker at once. */
const POLL_MS_DEFAULT = 200;
/** Settlement transactions one worker runs at once. */
const SETTLEMENT_LANES_DEFAULT = 2;
/** Batches one lane of a pass settles at most before it yields (a backlog after a long outage drains over passes). */
const BATCHES_PER_PASS_MAX = 100;
/**
 * The sweep of missed entries reads only the orders accepted since its last pass; every this many
 * passes it reads all open ones again (an order whose batch committed long after its acceptance time
 * is found then, at the latest).
 */
const SWEEP_FULL_EVERY_PASSES = 150;

interface WorkerLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * Settles due orders in batches, and decides the orders left without their entry past its deadline
 * (a crash between acceptance and entry). Several workers may run at once, in one process or many (rows are
 * claimed with SKIP LOCKED and every step is idempotent); on start, overdue orders from before a
 * crash settle first, from the recorded ticks.
 */
export class SettlementWorker {
  private readonly batchMax: number;
  private readonly lanes: number;
  private readonly events: DomainEvents | null;
  /** A new tick may make orders settleable (their deciding tick is in): a pass runs then, not at the next poll. */
  private readonly loop: TickWakenedLoop;
  /** Open orders accepted up to this time had their entry or were decided (null: read them all). */
  private entriesCheckedUpTo: Date | null = null;
  private sweepsSinceFull = 0;

  constructor(
    private readonly db: Db,
    private readonly log: WorkerLog,
    options: {
      batchMax?: number;
      pollMs?: number;
      lanes?: number;
      /** The app's events: a tick wakes the worker, and each settled order is told (`orderSettled`). */
      events?: DomainEvents;
    } = {},
  ) {
    this.events = options.events ?? null;
    this.lanes = options.lanes ?? SETTLEMENT_LANES_DEFAULT;
    this.batchMax = options.batchMax ?? SETTLEMENT_BATCH_MAX;
    this.loop = new TickWakenedLoop(() => this.runOnce(), {
      pollMs: options.pollMs ?? POLL_MS_DEFAULT,
      log,
      failure: 'settlement failed',
      ticks: this.events,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Settles what is due now, batch after batch until one comes back short, in LANES transactions at
   * once (SKIP LOCKED gives each its own orders), so the database's cores share a burst of endings
   * instead of one transaction at a time. Answers how many it settled.
   */
  async runOnce(): Promise<number> {
    const lanes = await Promise.all(Array.from({ length: this.lanes }, () => this.drain()));
    return lanes.reduce((a, b) => a + b, 0) + (await this.sweepMissedEntries());
  }

  /**
   * Orders whose accepting process stopped before recording their entry: entry recorded or void
   * (settling.ts `sweepMissedEntries`), told as `orderEntered` / `orderSettled`. Answers how many it voided.
   */
  private async sweepMissedEntries(): Promise<number> {
    if (this.loop.isStopped) return 0;
    if (++this.sweepsSinceFull >= SWEEP_FULL_EVERY_PASSES) {
      this.sweepsSinceFull = 0;
      this.entriesCheckedUpTo = null;
    }
    const { rows, checkedUpTo } = await sweepMissedEntries(this.db, {
      limit: this.batchMax,
      acceptedAfter: this.entriesCheckedUpTo,
    });
    this.entriesCheckedUpTo = checkedUpTo;
    let voided = 0;
    for (const row of rows) {
      if (row.status === 'open') this.events?.emit('orderEntered', { row });
      else {
        this.events?.emit('orderSettled', { row });
        voided++;
      }
    }
    return voided;
  }

  private async drain(): Promise<number> {
    let settled = 0;
    for (let i = 0; i < BATCHES_PER_PASS_MAX && !this.loop.isStopped; i++) {
      const rows = await this.settleBatch();
      // The row rides along, so a burst of thousands of settlements costs the push path no reads.
      for (const row of rows) this.events?.emit('orderSettled', { row });
      settled += rows.length;
      if (rows.length < this.batchMax) break;
    }
    return settled;
  }

  /**
   * One batch. The ledger refuses a batch as a whole when a user balance would go below zero, which
   * settlement never asks for (it only pays out of the stakes in `trading`); should it happen anyway,
   * the due orders settle one by one, so the one at fault stays open (and logged) without holding
   * back the others.
   */
  private async settleBatch(): Promise<OrderRow[]> {
    try {
      return await settleDueOrders(this.db, { limit: this.batchMax });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const rows: OrderRow[] = [];
      for (const id of await dueOrderIds(this.db, this.batchMax)) {
        try {
          rows.push(...(await settleDueOrders(this.db, { orderIds: [id] })));
        } catch (single) {
          if (!(single instanceof AppError)) throw single;
          this.log.error({ err: single, orderId: id }, 'settlement refused by the ledger; the order stays open');
        }
      }
      return rows;
    }
  }
}
