import { type Order, orderAwaitsEntry } from '@app/contract/markets';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { useOrderEvents } from '../../../lib/realtime';
import { useTradingAccount } from '../../../lib/trading-account';
import { productOrdersQueryOptions } from '../api/get-product-orders';
import { useClock } from './use-clock';
import { entryDeadlines, useOrderSync } from './use-order-sync';

/** While an order waits for its entry tick without the socket, its product's orders are asked again this often. */
const PENDING_ENTRY_REFETCH_MS = 1_000;
/** A device clock this far from the server's is corrected; closer, the difference is the answer's own delay. */
const CLOCK_OFFSET_MIN_MS = 2_000;
/** Settled orders keep their line and result on the chart this long after their end. */
const SETTLED_SHOWN_MS = 30 * 60_000;
const SETTLED_SHOWN_MAX = 3;

/** Which of two versions of one order says more: settled beats open, an entry beats none. */
function fresher(fetched: Order, pushed: Order | undefined): Order {
  if (!pushed) return fetched;
  if (fetched.status === 'open' && pushed.status !== 'open') return pushed;
  if (fetched.status === pushed.status && !fetched.entry && pushed.entry) return pushed;
  return fetched;
}

export interface ChartOrders {
  /** Open orders on the symbol, newest first (an entry of null: waiting for its entry tick). */
  open: Order[];
  /** Orders settled in the last half hour, newest first (at most three): their results stay on the chart. */
  settled: Order[];
  /** Server time minus device time (0 unless the device's clock is clearly off). */
  offsetMs: number;
  /** An order just placed here: shown at once, and the device clock compared with its acceptance time. */
  track: (order: Order) => void;
}

/**
 * The user's orders on one product for the trading chart: `product/orders` of the chosen account,
 * updated in place by the pushed order events (the entry tick, then the result), each settled
 * event also told in a toast.
 */
export function useChartOrders(symbol: string, enabled: boolean): ChartOrders {
  const account = useTradingAccount();
  const clock = useClock();
  const [pushed, setPushed] = useState<ReadonlyMap<string, Order>>(new Map());
  const [offsetMs, setOffsetMs] = useState(0);
  const announced = useRef(new Set<string>());
  const toastResult = useResultToast();

  const query = useQuery({
    ...productOrdersQueryOptions(symbol, account),
    enabled: enabled && symbol !== '',
    refetchInterval: (current) => (current.state.data?.some(orderAwaitsEntry) ? PENDING_ENTRY_REFETCH_MS : false),
  });

  const remember = useCallback((order: Order) => {
    setPushed((map) => new Map(map).set(order.id, fresher(order, map.get(order.id))));
  }, []);

  useOrderEvents((order) => {
    if (order.symbol !== symbol || (order.account ?? 'real') !== account) return;
    remember(order);
    if (order.status !== 'open' && !announced.current.has(order.id)) {
      announced.current.add(order.id);
      toastResult(order);
    }
  }, enabled);

  const track = useCallback(
    (order: Order) => {
      const offset = Date.parse(order.createdAt) - clock.now();
      if (Number.isFinite(offset)) setOffsetMs(Math.abs(offset) >= CLOCK_OFFSET_MIN_MS ? offset : 0);
      remember(order);
    },
    [clock, remember],
  );

  const fetched = query.data ?? [];
  const known = new Set(fetched.map((order) => order.id));
  const extra = [...pushed.values()].filter(
    (order) => order.symbol === symbol && (order.account ?? 'real') === account && !known.has(order.id),
  );
  const all = [...extra, ...fetched.map((order) => fresher(order, pushed.get(order.id)))];
  const open = all.filter((order) => order.status === 'open');
  const now = clock.now() + offsetMs;
  const settled = all
    .filter((order) => order.status !== 'open' && now - Date.parse(order.endTime) < SETTLED_SHOWN_MS)
    .slice(0, SETTLED_SHOWN_MAX);
  // Without the socket the lists are asked again just after each entry deadline and end time.
  useOrderSync(
    open.flatMap((order) => [Date.parse(order.endTime), ...entryDeadlines(order)].map((at) => at - offsetMs)),
  );
  return { open, settled, offsetMs, track };
}

/** The text of a settled order's result: "Won +84 USDT", "Lost 101 USDT", a tie, a void. */
export function useResultText(): (order: Pick<Order, 'status' | 'profit'>) => string {
  const { t } = useTranslation();
  return (order) => {
    const profit = order.profit ?? '0';
    if (order.status === 'won') return t('chartTrade.result.won', { amount: displayMoney(profit) });
    if (order.status === 'lost') return t('chartTrade.result.lost', { amount: displayMoney(profit.replace(/^-/, '')) });
    return t(order.status === 'tie' ? 'chartTrade.result.tie' : 'chartTrade.result.void');
  };
}

/** A settled order's result as the chart writes it beside the line: "+84", "-101", "Tie", "Void". */
export function useShortResultText(): (order: Order) => string {
  const { t } = useTranslation();
  // One function per language: the chart's lines are made again only when something they show changed.
  return useCallback(
    (order: Order) => {
      const profit = order.profit ?? '0';
      if (order.status === 'won') return `+${displayMoney(profit)}`;
      if (order.status === 'lost') return `-${displayMoney(profit.replace(/^-/, ''))}`;
      return t(`orders.status.${order.status}`);
    },
    [t],
  );
}

function useResultToast(): (order: Order) => void {
  const textOf = useResultText();
  return (order) => {
    const text = textOf(order);
    if (order.status === 'lost') showError(new Error(text));
    else showSuccess(text);
  };
}
