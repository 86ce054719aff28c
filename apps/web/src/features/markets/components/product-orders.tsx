import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useProductOrders } from '../api/get-product-orders';
import { OrderRow } from './order-row';
import { PositionList } from './position-list';

/** The signed-in user's open and recent orders on one product (product/orders). */
interface ProductOrdersProps {
  symbol: string;
  livePrice: string | null;
  /** False on the trading chart, which lists the open orders itself (chart-open-orders.tsx). */
  showOpen?: boolean;
}

export function ProductOrders({ symbol, livePrice, showOpen = true }: ProductOrdersProps) {
  const { t } = useTranslation();
  const orders = useProductOrders(symbol, true);
  const list = (orders.data ?? []).filter((order) => showOpen || order.status !== 'open');
  const open = list.filter((order) => order.status === 'open');
  const settled = list.filter((order) => order.status !== 'open');
  return (
    <section className="panel" aria-labelledby="my-orders-title">
      <div className="panel__head">
        <h2 className="panel__title" id="my-orders-title">
          {t('markets.myOrders')}
        </h2>
        <Link className="panel__link" to="/orderrecord">
          {t('orders.recordsTitle')}
        </Link>
      </div>
      {orders.isPending ? (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      ) : list.length === 0 && orders.data?.length ? null : list.length === 0 ? (
        <p className="list-state list-state--inline">{t('markets.noOrders')}</p>
      ) : (
        <>
          {open.length > 0 && <PositionList orders={open} fetchedAtMs={0} livePrices={{ [symbol]: livePrice }} />}
          {settled.length > 0 && (
            <ul className="order-list">
              {settled.slice(0, 10).map((order) => (
                <li key={order.id}>
                  <OrderRow order={order} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
