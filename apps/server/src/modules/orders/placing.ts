import type { Lang } from '@app/contract/lang';
import type { CreateOrderRequest, Order } from '@app/contract/markets';
import { parseAmount } from '@app/contract/money';
import { AppError } from '../../http/app-error.js';
import {
  type IdempotencyClaim,
  type IdempotentResult,
  recordRefusal,
  replayStored,
  rowKeyOf,
} from '../idempotency/run-idempotent.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import type { TradingLimits } from '../settings/settings.service.js';
import type { OrderDesk } from './order-desk.js';
import type { OrderRow } from './order-rows.js';
import { findOrder, toOrder } from './reading.js';
import { ENTRY_WAIT_MS } from './settlement.js';
import { voidOrder } from './settling.js';

/*
 * order/create, from the request to the answer. Where each rule of DESIGN.md 6.4 lives:
 *
 *   rule                                                     home
 *   a repeated key answers its first answer, once            placement-decision.ts (1), read by
 *                                                            order_placement_snapshot under the user's lock
 *   product, period, min/max stake, per-order maximum        placement-decision.ts (2–5)
 *   the last tick is at most 5 s old                          placement-decision.ts (6); the window: order-placer.ts
 *   open orders per user, exposure per product and direction placement-decision.ts (7–8); exposure rows: exposure.ts
 *   available ≥ stake + fee; the fee                          placement-decision.ts (9); fee: contract order-rules.ts
 *   stake + fee leave available in one balanced journal      order-placer.ts (built by the ledger service,
 *                                                            posted by ledger_post_batch)
 *   acceptance time, from the server's clock                  order-placer.ts (stamped when the batch goes)
 *   entry: first tick after acceptance, within 5 s, else void settlement.ts; waited for here (awaitEntry)
 *   exit, win / loss / tie, payout (contract orderWinPayoutMinor) settlement.ts
 *   settled exactly once, also after a crash                  settling.ts + settlement-worker.ts
 *   refusal codes                                             contract order-rules.ts ORDER_REFUSALS
 */

/**
 * Places an order with the others that come in at the same moment (order-placer.ts: read → decide →
 * write, one transaction per batch), then waits for the entry tick (the first recorded after
 * acceptance), normally within a second.
 */
export async function createOrder(
  desk: OrderDesk,
  userId: number,
  input: CreateOrderRequest,
  limits: TradingLimits,
  claim: IdempotencyClaim | null,
  stream: MarketStreamConfig | null,
  lang: Lang,
): Promise<IdempotentResult<Order>> {
  const placed = await desk.placer.place({
    userId,
    requestKey: rowKeyOf(claim),
    requestHash: claim?.requestHash ?? null,
    order: {
      symbol: input.symbol,
      direction: input.direction,
      period: input.period,
      amount: parseAmount(input.amount),
    },
    limits: {
      maxStakePerOrder: parseAmount(limits.maxStakePerOrder),
      maxOpenOrders: limits.maxOpenOrdersPerUser,
      maxExposure: parseAmount(limits.maxExposurePerSymbolDirection),
    },
  });
  switch (placed.kind) {
    case 'placed':
      return { value: toOrder(await awaitEntry(desk, placed.row), placed.product, stream, lang), replayed: false };
    case 'replay': {
      // The first request may still be waiting for its entry: the repeat waits for the same tick.
      const row =
        placed.row.entryTime || placed.row.status !== 'open' ? placed.row : await awaitEntry(desk, placed.row);
      return { value: toOrder(row, placed.product, stream, lang), replayed: true };
    }
    case 'stored':
      // The key's first answer was a refusal: the same refusal again, and nothing moves.
      replayStored(placed);
      throw new AppError('internal_error'); // an order's answer is its row, never stored under the key
    case 'refuse': {
      const refusal = new AppError(placed.refusal);
      // Kept under the key (orders' successes are their rows): a replay gets the same refusal.
      if (claim) await recordRefusal(desk.db, claim, refusal);
      throw refusal;
    }
  }
}

/** Waits for the first tick after acceptance and records it on the order (for display; settlement re-derives it). */
async function awaitEntry(desk: OrderDesk, row: OrderRow): Promise<OrderRow> {
  const { db } = desk;
  const acceptedAtMs = row.acceptedAt.getTime();
  const entry = await desk.entryTicks.wait({
    symbol: row.symbol,
    after: row.acceptedAt,
    latestMs: acceptedAtMs + ENTRY_WAIT_MS,
    giveUpAtMs: acceptedAtMs + ENTRY_WAIT_MS + 500,
  });
  if (entry) return (await desk.entries.record(row.id, entry)) ?? (await findOrder(db, row.id))!;
  // No entry tick in time: the order is void now (stake and fee back), not at its end.
  await voidOrder(db, row.id);
  return (await findOrder(db, row.id))!;
}
