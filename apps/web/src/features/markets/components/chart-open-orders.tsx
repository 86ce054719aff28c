import { type Order, orderAwaitsEntry } from '@app/contract/markets';
import { Link } from 'react-router';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { formatCountdown } from '../hooks/use-now';
import { wouldWinAt } from './position-card';

const TONE = { win: 'up', lose: 'down', tie: 'flat' } as const;

interface ChartOpenOrdersProps {
  symbol: string;
  orders: Order[];
  /** Server time, in ms, of the screen's clock step. */
  nowMs: number;
  livePrice: string | null;
}

/**
 * The open orders of the chart, one compact row each (several at once stay readable): direction and
 * amount, the entry or that it is still awaited, would-win-now, and the time left.
 */
export function ChartOpenOrders({ symbol, orders, nowMs, livePrice }: ChartOpenOrdersProps) {
  const { t } = useTranslation();
  if (orders.length === 0) return null;
  return (
    <section className="chart-orders" aria-labelledby="chart-orders-title">
      <h2 className="chart-orders__title" id="chart-orders-title">
        {t('chartTrade.openOrders', { symbol })}
      </h2>
      <ul className="chart-orders__list">
        {orders.map((order) => {
          const secondsLeft = Math.ceil((Date.parse(order.endTime) - nowMs) / 1000);
          const outcome = wouldWinAt(order, livePrice);
          return (
            <li key={order.id}>
              <Link
                className="chart-order"
                to={`/orderdetail?id=${encodeURIComponent(order.id)}`}
                data-testid="chart-open-order"
              >
                <span className={`direction-tag direction-tag--${order.direction}`}>
                  {order.direction === 'up' ? '▲' : '▼'} {displayMoney(order.amount)}
                </span>
                <span className="chart-order__entry">
                  {order.entry
                    ? t('chartTrade.entryAt', { price: groupDigits(order.entry.price) })
                    : orderAwaitsEntry(order)
                      ? t('orders.awaitingEntry')
                      : '--'}
                </span>
                {outcome && secondsLeft > 0 && (
                  <span className={`chart-order__outcome is-${TONE[outcome]}`}>{t(`orders.wouldWin.${outcome}`)}</span>
                )}
                <span className="chart-order__countdown" data-testid="chart-order-countdown">
                  {secondsLeft > 0 ? formatCountdown(secondsLeft) : t('orders.settling')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
