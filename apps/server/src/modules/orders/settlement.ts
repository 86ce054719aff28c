import { orderWinPayoutMinor } from '@app/contract/order-rules';

/**
 * The settlement rule of DESIGN.md 6.4, as a pure function of the order and the recorded ticks:
 * - entry: the first tick strictly after acceptance, within 5 s (else the order is void);
 * - exit: the last tick at or before the end time, within the 5 s before it (else void: feed outage);
 * - up wins if exit > entry, down wins if exit < entry, equal is a tie;
 * - a win returns stake × (1 + rate) (rounded down to the minor unit), a tie the stake, a loss
 *   nothing; a void returns stake and fee.
 */
export const ENTRY_WAIT_MS = 5_000;
export const EXIT_STALENESS_MS = 5_000;

export interface TickPoint {
  timeMs: number;
  price: bigint;
}

export interface SettlementInput {
  direction: 'up' | 'down';
  acceptedAtMs: number;
  endTimeMs: number;
  amount: bigint;
  fee: bigint;
  payoutRateBp: number;
}

export interface Outcome {
  status: 'won' | 'lost' | 'tie' | 'void';
  entry: TickPoint | null;
  exit: TickPoint | null;
  lowest: bigint | null;
  highest: bigint | null;
  /** Returned to the user's available balance. */
  payout: bigint;
}

/** `ticks` sorted by time ascending; any ticks outside (acceptance, end] are ignored. */
export function settle(order: SettlementInput, ticks: readonly TickPoint[]): Outcome {
  const voided: Outcome = {
    status: 'void',
    entry: null,
    exit: null,
    lowest: null,
    highest: null,
    payout: order.amount + order.fee,
  };
  const entry = ticks.find((t) => t.timeMs > order.acceptedAtMs);
  if (!entry || entry.timeMs > order.acceptedAtMs + ENTRY_WAIT_MS || entry.timeMs > order.endTimeMs) return voided;
  let exit: TickPoint | undefined;
  for (const t of ticks) if (t.timeMs <= order.endTimeMs) exit = t;
  if (!exit || exit.timeMs < order.endTimeMs - EXIT_STALENESS_MS || exit.timeMs < entry.timeMs) {
    return { ...voided, entry };
  }
  let lowest = entry.price;
  let highest = entry.price;
  for (const t of ticks) {
    if (t.timeMs < entry.timeMs || t.timeMs > exit.timeMs) continue;
    if (t.price < lowest) lowest = t.price;
    if (t.price > highest) highest = t.price;
  }
  const rose = exit.price > entry.price;
  const fell = exit.price < entry.price;
  const status = !rose && !fell ? 'tie' : (order.direction === 'up') === rose ? 'won' : 'lost';
  const payout =
    status === 'won' ? orderWinPayoutMinor(order.amount, order.payoutRateBp) : status === 'tie' ? order.amount : 0n;
  return { status, entry, exit, lowest, highest, payout };
}
