import type { Order } from '@app/contract/markets';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { trendOf } from '../../../lib/price';
import { formatShortDateTime } from '../../../lib/time';
import { DirectionTag, OrderStatus } from './order-status';

/** A settled (or open) order in a list; opens its detail. */
export function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  return (
    <Link className="order-row" to={`/orderdetail?id=${encodeURIComponent(order.id)}`}>
      <span className="order-row__main">
        <span className="order-row__title">
          <strong>{order.symbol}</strong>
          <small className="order-row__name">{nameOf(order.productNameI18n, order.productName)}</small>
          <DirectionTag direction={order.direction} />
        </span>
        <span className="order-row__meta">
          {displayMoney(order.amount)} USDT · {t('trade.seconds', { count: order.period })} ·{' '}
          {formatShortDateTime(order.createdAt)}
        </span>
      </span>
      <span className="order-row__result">
        <OrderStatus status={order.status} />
        {order.profit !== null && (
          <span className={`order-row__profit is-${trendOf(order.profit)}`}>{displaySignedMoney(order.profit)}</span>
        )}
      </span>
      <RightOutline className="order-row__arrow" aria-hidden="true" />
    </Link>
  );
}
