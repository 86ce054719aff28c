import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { type journalForDatabase, retryOnConflict } from '../ledger/ledger.service.js';
import { type OrderRow, orderRowFromDatabase } from './order-rows.js';

/** One order for `order_place_batch` (migration 0013), checked by the service against its product's rules. */
export interface OrderPlacement {
  userId: number;
  requestKey: string;
  /** The request's hash when the client sent an Idempotency-Key (an answer stored under it is compared). */
  requestHash: string | null;
  symbol: string;
  /** The product row's `updated_at` the service read the rules from. */
  rulesUpdatedAt: Date;
  direction: 'up' | 'down';
  amount: bigint;
  fee: bigint;
  payoutRateBp: number;
  period: number;
  maxOpenOrders: number;
  maxExposure: bigint;
  /** The stake journal, built and checked by the ledger service. */
  journal: ReturnType<typeof journalForDatabase>;
  /** The ledger account the stake and fee come from. */
  availableKey: string;
}

/** SQLSTATE-like codes `order_place_batch` answers for an order it refused (nothing written for it). */
export type PlacementRefusal = 'OP001' | 'OP002' | 'OP003' | 'OP004' | 'LB001';

export type PlacementOutcome =
  | { outcome: 'placed' | 'replay'; row: OrderRow }
  | { outcome: 'stored'; storedHash: string | null; storedStatus: number | null; storedBody: string | null }
  | { outcome: 'refused'; refusal: PlacementRefusal };

/** Orders one batch takes at most: bounds the statement, its locks and its payload. */
export const PLACEMENT_BATCH_MAX = 200;

/** An order counts as placed on a live market when a tick was recorded this recently. */
const MARKET_STALE_MS = 5_000;

interface Pending {
  placement: OrderPlacement;
  resolve: (outcome: PlacementOutcome) => void;
  reject: (error: unknown) => void;
}

type BatchRow = Record<string, unknown> & {
  ord: number;
  outcome: 'placed' | 'replay' | 'stored' | PlacementRefusal;
  stored_hash: string | null;
  stored_status: number | null;
  stored_body: string | null;
};

/**
 * Group commit for order/create: the first order goes to the database at once; the orders that come
 * in while a batch is there wait for it and then go together, in one transaction. Under load a
 * batch of a hundred orders costs the database little more than one order alone did; when idle an
 * order waits for nothing. A user's second order waits for the next batch (one per user per batch:
 * their orders are placed one at a time, in the order they came).
 */
class OrderPlacer {
  private queue: Pending[] = [];
  private isSending = false;
  private isKickQueued = false;

  constructor(private readonly db: Db) {}

  place(placement: OrderPlacement): Promise<PlacementOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ placement, resolve, reject });
      this.kick();
    });
  }

  /** Sends a batch unless one is in the database; the requests parsed in this turn of the event loop go with it. */
  private kick(): void {
    if (this.isSending || this.isKickQueued) return;
    this.isKickQueued = true;
    setImmediate(() => {
      this.isKickQueued = false;
      if (this.isSending || this.queue.length === 0) return;
      const batch = this.takeBatch();
      this.isSending = true;
      void this.send(batch).finally(() => {
        this.isSending = false;
        if (this.queue.length > 0) this.kick();
      });
    });
  }

  private takeBatch(): Pending[] {
    const users = new Set<number>();
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const item of this.queue) {
      if (batch.length < PLACEMENT_BATCH_MAX && !users.has(item.placement.userId)) {
        users.add(item.placement.userId);
        batch.push(item);
      } else {
        later.push(item);
      }
    }
    this.queue = later;
    return batch;
  }

  private async send(batch: Pending[]): Promise<void> {
    const payload = JSON.stringify(batch.map(({ placement: p }) => requestOf(p)));
    let rows: BatchRow[];
    try {
      rows = await retryOnConflict(() => {
        // Stamped when the batch goes: the entry is the first tick after it (DESIGN.md 6.4).
        const acceptedAt = new Date();
        const freshSince = new Date(acceptedAt.getTime() - MARKET_STALE_MS);
        return queryRows<BatchRow>(
          this.db,
          sql`SELECT r.ord, r.outcome, r.stored_hash, r.stored_status, r.stored_body, (r.placed).*
            FROM order_place_batch(${payload}::jsonb, ${acceptedAt.toISOString()}::timestamptz,
              ${freshSince.toISOString()}::timestamptz) AS r`,
        );
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Whatever failed the batch (nothing an order can send should), it fails only the order that
      // causes it: each goes again alone.
      for (const item of batch) await this.send([item]);
      return;
    }
    // Every order has its row; a missing one would be a bug in the function, not a refusal.
    if (rows.length !== batch.length) {
      for (const item of batch) item.reject(new Error('order_place_batch did not answer every order'));
      return;
    }
    for (const row of rows) batch[row.ord - 1]!.resolve(outcomeOf(row));
  }
}

function requestOf(p: OrderPlacement) {
  return {
    user_id: p.userId,
    request_key: p.requestKey,
    request_hash: p.requestHash,
    symbol: p.symbol,
    // Compared to the millisecond: the service's copy came through a JavaScript Date.
    rules_updated_at: p.rulesUpdatedAt.toISOString(),
    direction: p.direction,
    amount: p.amount.toString(),
    fee: p.fee.toString(),
    payout_rate_bp: p.payoutRateBp,
    period: p.period,
    max_open_orders: p.maxOpenOrders,
    max_exposure: p.maxExposure.toString(),
    journal: p.journal,
    available_key: p.availableKey,
  };
}

function outcomeOf(row: BatchRow): PlacementOutcome {
  switch (row.outcome) {
    case 'placed':
    case 'replay':
      return { outcome: row.outcome, row: orderRowFromDatabase(row) };
    case 'stored':
      return {
        outcome: 'stored',
        storedHash: row.stored_hash,
        storedStatus: row.stored_status,
        storedBody: row.stored_body,
      };
    default:
      return { outcome: 'refused', refusal: row.outcome };
  }
}

const placers = new WeakMap<Db, OrderPlacer>();

/** Places one order with the others of its batch (see OrderPlacer); answers its own outcome. */
export function placeOrder(db: Db, placement: OrderPlacement): Promise<PlacementOutcome> {
  let placer = placers.get(db);
  if (!placer) {
    placer = new OrderPlacer(db);
    placers.set(db, placer);
  }
  return placer.place(placement);
}
