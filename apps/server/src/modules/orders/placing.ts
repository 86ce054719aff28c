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
import { ensurePracticeGrant } from '../practice/practice.service.js';
import type { TradingLimits } from '../settings/settings.service.js';
import type { OrderDesk } from './order-desk.js';
import { toOrder } from './reading.js';

/*
 * order/create, from the request to the answer. Where each rule of DESIGN.md 6.4 lives:
 *
 *   rule                                                     home
 *   a repeated key answers its first answer, once            placement-decision.ts (1), read by
 *                                                            order_placement_snapshot under the user's lock
 *   product, period, min/max stake, per-order maximum        placement-decision.ts (2–5)
 *   the last tick is at most 5 s old                          placement-decision.ts (6); the window: order-placer.ts
 *   open orders per user, exposure per product and direction placement-decision.ts (7–8); open orders: placed −
 *                                                            closed (order_tallies); exposure rows: exposure.ts,
 *                                                            added with a guard by order-placer.ts
 *   available ≥ stake + fee; the fee                          placement-decision.ts (9); fee: contract order-rules.ts
 *   stake + fee leave available in one balanced journal      order-placer.ts (built by the ledger service,
 *                                                            posted by ledger_post_batch)
 *   acceptance time, from the server's clock                  order-placer.ts (stamped when the batch goes)
 *   entry: first tick after acceptance, within 5 s, else void settlement.ts; followed after the answer by
 *                                                            order-desk.ts (follow), else the settlement
 *                                                            worker's sweep (settling.ts sweepMissedEntries)
 *   exit, win / loss / tie, payout (contract orderWinPayoutMinor) settlement.ts
 *   settled exactly once, also after a crash                  settling.ts + settlement-worker.ts
 *   refusal codes                                             contract order-rules.ts ORDER_REFUSALS
 *   the user's own exclusion and limits (issue 14)             placement-decision.ts (1b, 5b), rules in
 *                                                            responsible-trading/limit-rules.ts
 */

/**
 * Places an order with the others that come in at the same moment (order-placer.ts: read → decide →
 * write, one transaction per batch) and answers it at acceptance, in the state "waiting for entry"
 * (DESIGN.md 6.4: `entry: null`, see the contract's `orderAwaitsEntry`). The entry tick (the first
 * recorded strictly after acceptance) follows on the socket and in hold_list: the desk follows the order.
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
  // Issue 14: the practice balance is given at first use, before the placement reads it.
  if (input.account === 'practice') await ensurePracticeGrant(desk.db, userId);
  const placed = await desk.placer.place({
    userId,
    account: input.account ?? 'real',
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
      desk.follow(placed.row);
      return { value: toOrder(placed.row, placed.product, stream, lang), replayed: false };
    case 'replay':
      // The same order as it stands now: still waiting for its entry, with it, or settled.
      return { value: toOrder(placed.row, placed.product, stream, lang), replayed: true };
    case 'stored':
      // The key's first answer was a refusal: the same refusal again, and nothing moves.
      replayStored(placed);
      throw new AppError('internal_error'); // an order's answer is its row, never stored under the key
    case 'refuse': {
      const refusal = new AppError(placed.refusal, placed.data ?? null);
      // Kept under the key (orders' successes are their rows): a replay gets the same refusal.
      if (claim) await recordRefusal(desk.db, claim, refusal);
      throw refusal;
    }
  }
}
