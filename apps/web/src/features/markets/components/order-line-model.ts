import type { Order } from '@app/contract/markets';
import { displayMoney } from '../../../lib/money';
import { formatCountdown } from '../hooks/use-now';
import { type WouldWin, wouldWinAt } from './position-card';

// What the chart draws for the user's orders, without the chart library (the screen builds it
// before the chart's script has loaded).

/** How an order's line is coloured: winning now (rise colour), losing now (fall colour), or neither. */
export type OrderLineTone = 'win' | 'lose' | 'flat';

/** One order drawn on the chart: its entry price from the entry time to the end time. */
export interface ChartOrderLine {
  id: string;
  direction: Order['direction'];
  /** The stake as the API sends it ("100"). */
  amount: string;
  /** The entry price as the API sends it ("64000.50"), for the text that mirrors the line. */
  entryPrice: string;
  /** On the price axis beside the line: "▲ 100 · 0:25". */
  label: string;
  price: number;
  /** Unix seconds (UTC). */
  startSec: number;
  endSec: number;
  tone: OrderLineTone;
  /** Open: whether it would win at the live price (null before a price is known); settled: null. */
  wouldWin: WouldWin | null;
  /** Settled: the result written at the end ("+84"); open: null. */
  result: string | null;
  /** Settled: what was settled, for the longer result the text mirror tells; open: null. */
  settled: Pick<Order, 'status' | 'profit'> | null;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const about = (order: Order, entryPrice: string) => ({
  id: order.id,
  direction: order.direction,
  amount: order.amount,
  entryPrice,
});
const arrow = (order: Order) => (order.direction === 'up' ? '▲' : '▼');

/**
 * Lines of the open orders that have their entry (one still waiting for it has no line yet),
 * coloured by whether they would win at `livePrice`, and of recently settled ones with their result.
 */
export function orderLinesOf(
  open: readonly Order[],
  settled: readonly Order[],
  { nowMs, livePrice, resultOf }: { nowMs: number; livePrice: string | null; resultOf: (order: Order) => string },
): ChartOrderLine[] {
  const lines: ChartOrderLine[] = [];
  for (const order of open) {
    if (!order.entry) continue;
    const outcome = wouldWinAt(order, livePrice);
    const left = Math.ceil((Date.parse(order.endTime) - nowMs) / 1000);
    lines.push({
      ...about(order, order.entry.price),
      label: `${arrow(order)} ${displayMoney(order.amount)} · ${formatCountdown(left)}`,
      price: Number(order.entry.price),
      startSec: seconds(order.entry.time),
      endSec: seconds(order.endTime),
      tone: outcome === 'win' ? 'win' : outcome === 'lose' ? 'lose' : 'flat',
      wouldWin: outcome,
      result: null,
      settled: null,
    });
  }
  for (const order of settled) {
    if (!order.entry) continue;
    lines.push({
      ...about(order, order.entry.price),
      label: `${arrow(order)} ${displayMoney(order.amount)}`,
      price: Number(order.entry.price),
      startSec: seconds(order.entry.time),
      endSec: seconds(order.exit?.time ?? order.endTime),
      tone: order.status === 'won' ? 'win' : order.status === 'lost' ? 'lose' : 'flat',
      wouldWin: null,
      result: resultOf(order),
      settled: { status: order.status, profit: order.profit },
    });
  }
  return lines;
}
