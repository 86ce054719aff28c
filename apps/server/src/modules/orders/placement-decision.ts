import type { CreateOrderRequest, OrderAccount } from '@app/contract/markets';
import { type OrderRefusal, orderFeeMinor, type PeriodRule } from '@app/contract/order-rules';
import {
  exclusionRefusal,
  type LimitRefusal,
  type LimitsInForce,
  type OrderTotals,
  orderLimitRefusal,
  type Periods,
} from '../responsible-trading/limit-rules.js';
import type { OrderRow } from './order-rows.js';

/**
 * order/create's rules as one pure decision (DESIGN.md 6.4): given what the database held when the
 * batch's locks were taken (the snapshot) and the requests, say for each request whether it is
 * placed, answered from an earlier request with its key, or refused, and for which rule. No I/O,
 * no clock: placing.ts reads the snapshot and writes what is decided, in one transaction.
 *
 * The rules in the order they are applied (the first one broken is the answer):
 *   1. a key used before answers what it answered then (its order, or its stored answer);
 *      the same key with another request is refused          idempotency_key_reused_with_other_body
 *   2. the product exists and is enabled                      product_not_found
 *   3. the period is one of the product's                     order_period_unavailable
 *   4. the stake is within the period's min/max               order_stake_out_of_range
 *   5. the stake is at most the platform's per-order maximum  order_stake_above_limit
 *   6. a tick was recorded in the last 5 s                    market_stale
 *   7. the user's open orders, with this one, ≤ the maximum   order_limit_reached
 *   8. the open stake on the product and direction, with
 *      this one (and the batch's earlier ones), ≤ the maximum exposure_limit_reached
 *   9. available ≥ stake + fee (fee: the contract's orderFeeMinor) insufficient_balance
 * The user's own limits (issue 14, responsible-trading/limit-rules.ts), with `data` { limit, resetsAt }:
 *   1b. no cool-off or self-exclusion in force                 self_excluded
 *   5b. the user's maximum stake per order, stake limits of
 *       the day, week and month, loss limits (worst case)      self_limit_order_stake, self_limit_stake,
 *       — real orders only; practice ones count toward none    self_limit_loss
 */

export interface PlacementRequest {
  userId: number;
  /** The Idempotency-Key (or a key of the server's own when the client sent none). */
  requestKey: string;
  /** The request's hash when the client sent an Idempotency-Key; a stored answer is compared with it. */
  requestHash: string | null;
  order: Pick<CreateOrderRequest, 'symbol' | 'direction' | 'period'> & { amount: bigint };
  limits: { maxStakePerOrder: bigint; maxOpenOrders: number; maxExposure: bigint };
  /** The balance it is placed with (issue 14); absent is real. Practice counts its own open orders and exposure. */
  account?: OrderAccount;
}

/** What one request is decided against, read under the batch's locks. */
export interface PlacementSnapshot {
  /** The order placed earlier with this request's key. */
  replay: OrderRow | null;
  /** An answer stored under the key (only looked up when the request has a hash). */
  stored: { requestHash: string; status: number | null; body: string } | null;
  /** The product's rules now; null when there is no such product. */
  product: { enabled: boolean; feeRateBp: number; periods: readonly PeriodRule[] } | null;
  /** A tick of the product was recorded in the staleness window. */
  isMarketFresh: boolean;
  /** The user's open orders. */
  openOrders: number;
  /** The user's available balance (locked). */
  available: bigint;
  /** The open stake on the product and direction before this batch (locked). */
  exposure: bigint;
  /** The user's own limits and, when a stake or loss limit needs them, their totals (read under the user's lock). */
  responsible?: ResponsibleSnapshot | null;
}

/** What the user's own limits are decided on: null (or absent) when the user set none. */
export interface ResponsibleSnapshot {
  inForce: LimitsInForce;
  /** Null when no stake or loss limit is set (nothing was read). */
  totals: OrderTotals | null;
  periods: Periods;
  /** The batch's acceptance time. */
  at: Date;
}

export type PlacementDecision =
  | { kind: 'place'; fee: bigint; payoutRateBp: number; period: number; balanceAfter: bigint }
  | { kind: 'replay'; row: OrderRow }
  | { kind: 'stored'; status: number; body: string }
  | { kind: 'refuse'; refusal: OrderRefusal; data?: LimitRefusal['data'] };

/**
 * Decides a batch in its order. A batch holds at most one request per user (their orders are placed
 * one at a time), so only the exposure is shared: each placed order counts on it for the next.
 */
export function decidePlacements(
  requests: readonly PlacementRequest[],
  snapshots: readonly PlacementSnapshot[],
): PlacementDecision[] {
  if (requests.length !== snapshots.length) throw new Error('decidePlacements: a snapshot per request');
  const exposure = new Map<string, bigint>();
  return requests.map((request, i) => {
    const snapshot = snapshots[i]!;
    const bucket = `${request.order.symbol} ${request.order.direction} ${request.account ?? 'real'}`;
    const open = exposure.get(bucket) ?? snapshot.exposure;
    const decision = decideOne(request, snapshot, open);
    if (decision.kind === 'place') exposure.set(bucket, open + request.order.amount);
    return decision;
  });
}

function decideOne(request: PlacementRequest, snapshot: PlacementSnapshot, exposure: bigint): PlacementDecision {
  const { order, limits } = request;
  const refuse = (refusal: OrderRefusal): PlacementDecision => ({ kind: 'refuse', refusal });

  if (snapshot.replay) {
    return isSameOrder(snapshot.replay, order) && (snapshot.replay.account ?? 'real') === (request.account ?? 'real')
      ? { kind: 'replay', row: snapshot.replay }
      : refuse('idempotency_key_reused_with_other_body');
  }
  if (snapshot.stored && request.requestHash !== null) {
    // A different request under the key, or the first one still running, gets no answer of another's.
    const { stored } = snapshot;
    return stored.requestHash === request.requestHash && stored.status !== null
      ? { kind: 'stored', status: stored.status, body: stored.body }
      : refuse('idempotency_key_reused_with_other_body');
  }

  const excluded = snapshot.responsible
    ? exclusionRefusal(snapshot.responsible.inForce.exclusion, snapshot.responsible.at)
    : null;
  if (excluded) return { kind: 'refuse', refusal: excluded.refusal, data: excluded.data };

  const product = snapshot.product;
  if (!product?.enabled) return refuse('product_not_found');
  const period = product.periods.find((p) => p.seconds === order.period);
  if (!period) return refuse('order_period_unavailable');
  if (order.amount < BigInt(period.minStakeMinor) || order.amount > BigInt(period.maxStakeMinor)) {
    return refuse('order_stake_out_of_range');
  }
  if (order.amount > limits.maxStakePerOrder) return refuse('order_stake_above_limit');
  // Practice orders count toward none of the user's own limits; an exclusion (1b) stops them too.
  const overOwnLimit =
    (request.account ?? 'real') === 'real'
      ? ownLimitRefusal(snapshot.responsible, order.amount, orderFeeMinor(order.amount, product.feeRateBp))
      : null;
  if (overOwnLimit) return { kind: 'refuse', refusal: overOwnLimit.refusal, data: overOwnLimit.data };
  if (!snapshot.isMarketFresh) return refuse('market_stale');
  if (snapshot.openOrders + 1 > limits.maxOpenOrders) return refuse('order_limit_reached');
  if (exposure + order.amount > limits.maxExposure) return refuse('exposure_limit_reached');
  const fee = orderFeeMinor(order.amount, product.feeRateBp);
  if (snapshot.available < order.amount + fee) return refuse('insufficient_balance');
  return {
    kind: 'place',
    fee,
    payoutRateBp: period.payoutRateBp,
    period: period.seconds,
    balanceAfter: snapshot.available - order.amount - fee,
  };
}

/** Rule 5b: the user's own maximum stake, stake and loss limits (responsible-trading/limit-rules.ts). */
function ownLimitRefusal(responsible: ResponsibleSnapshot | null | undefined, amount: bigint, fee: bigint) {
  if (!responsible) return null;
  const { inForce, totals, periods, at } = responsible;
  const zero = { day: 0n, week: 0n, month: 0n };
  return orderLimitRefusal({
    exclusion: inForce.exclusion,
    limits: inForce.limits,
    totals: totals ?? { stake: zero, loss: zero, openAtRisk: 0n },
    periods,
    amount,
    fee,
    at,
  });
}

/** A repeated key answers its order only for the same order. */
function isSameOrder(row: OrderRow, order: PlacementRequest['order']): boolean {
  return (
    row.symbol === order.symbol &&
    row.direction === order.direction &&
    row.amount === order.amount &&
    row.period === order.period
  );
}
