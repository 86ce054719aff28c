import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { EntryTick } from './entry-ticks.js';
import { type OrderRow, orderRowFromDatabase } from './order-rows.js';

interface Pending {
  orderId: number;
  entry: EntryTick;
  resolve: (row: OrderRow | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes entry ticks on their orders. One tick usually answers every order waiting on its symbol at
 * once, so the writes of one event-loop turn go out as one statement instead of one each.
 * Only an open order without its entry changes (a settled order is final: the database refuses it).
 */
export class EntryRecorder {
  private queue: Pending[] = [];
  private isFlushQueued = false;

  constructor(private readonly db: Db) {}

  /**
   * Records `entry` on the order (unless it has one or is settled). Answers the order with its entry,
   * or null when the write changed nothing (then the caller reads it).
   */
  record(orderId: number, entry: EntryTick): Promise<OrderRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ orderId, entry, resolve, reject });
      if (this.isFlushQueued) return;
      this.isFlushQueued = true;
      setImmediate(() => {
        this.isFlushQueued = false;
        void this.flush();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const values = sql.join(
        batch.map(
          (p) =>
            sql`(${p.orderId}::bigint, ${p.entry.time.toISOString()}::timestamptz, ${p.entry.price.toString()}::bigint)`,
        ),
        sql`, `,
      );
      const updated = await queryRows<Record<string, unknown>>(
        this.db,
        sql`UPDATE orders o SET entry_time = v.entry_time, entry_price = v.entry_price
          FROM (VALUES ${values}) AS v(id, entry_time, entry_price)
          WHERE o.id = v.id AND o.status = 'open' AND o.entry_time IS NULL
          RETURNING o.*`,
      );
      const byId = new Map(updated.map((raw) => orderRowFromDatabase(raw)).map((row) => [row.id, row]));
      for (const p of batch) p.resolve(byId.get(p.orderId) ?? null);
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
