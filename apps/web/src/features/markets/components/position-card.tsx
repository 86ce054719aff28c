import { type HeldOrder, type Order, orderAwaitsEntry } from '@app/contract/markets';
import { Link } from 'react-router';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { displayMoney } from '../../../lib/money';
import { compareDecimal } from '../../../lib/price';
import { formatCountdown } from '../hooks/use-now';
import { DirectionTag } from './order-status';

export type WouldWin = 'win' | 'lose' | 'tie';

/** Would the order win if it ended at `price`? (Same rule as settlement, on exact decimals.) */
export function wouldWinAt(order: Order, price: string | null): WouldWin | null {
  if (!order.entry || !price) return null;
  const sign = compareDecimal(price, order.entry.price);
  if (sign === 0) return 'tie';
  return sign > 0 === (order.direction === 'up') ? 'win' : 'lose';
}

interface PositionCardProps {
  order: Order | HeldOrder;
  deadlineMs: number;
  now: number;
  /** A fresher price than the order's own (the product screen's live tick). */
  livePrice?: string | null;
  /** False on the order's own detail screen. */
  isLink?: boolean;
}

/** An open order: live countdown, current price and whether it would win now. */
export function PositionCard({ order, deadlineMs, now, livePrice, isLink = true }: PositionCardProps) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const secondsLeft = Math.ceil((deadlineMs - now) / 1000);
  const held = 'currentPrice' in order ? order : null;
  const price = livePrice ?? held?.currentPrice ?? null;
  const outcome = livePrice ? wouldWinAt(order, livePrice) : (held?.wouldWin ?? wouldWinAt(order, price));
  const isEnded = secondsLeft <= 0;
  const body = (
    <>
      <div className="position__top">
        <strong>{order.symbol}</strong>
        <small className="position__name">{nameOf(order.productNameI18n, order.productName)}</small>
        <DirectionTag direction={order.direction} />
        <span className="position__amount">{displayMoney(order.amount)} USDT</span>
      </div>
      <dl className="position__facts">
        <div>
          <dt>{t('orders.entryPrice')}</dt>
          <dd>
            {order.entry ? (
              groupDigits(order.entry.price)
            ) : orderAwaitsEntry(order) ? (
              <span className="position__awaiting">{t('orders.awaitingEntry')}</span>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('orders.currentPrice')}</dt>
          <dd>{price ? groupDigits(price) : '--'}</dd>
        </div>
        <div>
          <dt>{t('orders.endsIn')}</dt>
          <dd className="position__countdown" aria-live="off">
            {isEnded ? t('orders.settling') : formatCountdown(secondsLeft)}
          </dd>
        </div>
      </dl>
      {outcome && !isEnded && (
        <p className={`position__outcome is-${outcome === 'win' ? 'up' : outcome === 'lose' ? 'down' : 'flat'}`}>
          {t(`orders.wouldWin.${outcome}`)}
        </p>
      )}
    </>
  );
  if (!isLink) return <div className="position">{body}</div>;
  return (
    <Link className="position" to={`/orderdetail?id=${encodeURIComponent(order.id)}`}>
      {body}
    </Link>
  );
}
