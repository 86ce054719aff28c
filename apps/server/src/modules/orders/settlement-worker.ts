import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client.js';
import { dueOrderIds, settleOrder } from './orders.service.js';

/** Settled orders, for the live feed to the user's socket. */
export const orderEvents = new EventEmitter<{ settled: [{ db: Db; userId: number; orderId: number }] }>();
orderEvents.setMaxListeners(0);

const POLL_MS = 200;
const BATCH_MAX = 500;

/**
 * Settles due orders a few times a second. Several workers may run at once (rows are claimed with
 * SKIP LOCKED and every step is idempotent); on start, overdue orders from before a crash settle first.
 */
export class SettlementWorker {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: { error: (obj: unknown, msg: string) => void },
  ) {}

  start(): void {
    this.loop();
  }

  private loop(): void {
    if (this.stopped) return;
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((error) => this.log.error({ err: error }, 'settlement failed'))
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(() => this.loop(), POLL_MS);
      });
  }

  /** Settles what is due now; answers how many orders it settled. */
  async runOnce(): Promise<number> {
    let settled = 0;
    for (const id of await dueOrderIds(this.db, BATCH_MAX)) {
      const row = await settleOrder(this.db, id);
      if (row) {
        settled++;
        orderEvents.emit('settled', { db: this.db, userId: row.userId, orderId: row.id });
      }
    }
    return settled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
