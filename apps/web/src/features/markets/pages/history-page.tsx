import { ORDER_DIRECTIONS, type OrderDirection } from '@app/contract/markets';
import { useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useQuotes } from '../../../lib/api/get-quotes';
import { useTranslation } from '../../../lib/i18n';
import { type SettledStatus, useOrders } from '../api/get-orders';
import { OrderList } from '../components/order-list';
import { useDarkTheme } from '../hooks/use-dark-theme';
import '../markets.css';

const STATUSES: readonly SettledStatus[] = ['won', 'lost', 'tie', 'void'];

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** Settled orders with filters kept in the URL (symbol, result, direction). */
export default function HistoryPage() {
  const { t } = useTranslation();
  useDarkTheme();
  const [params, setParams] = useSearchParams();
  const products = useQuotes();
  const symbols = (products.data ?? []).map((quote) => quote.symbol);
  const symbol = params.get('symbol') || undefined;
  const status = pick(params.get('status'), STATUSES);
  const direction = pick<OrderDirection>(params.get('direction'), ORDER_DIRECTIONS);
  const orders = useOrders({ symbol, status, direction });

  const setFilter = (key: 'symbol' | 'status' | 'direction', value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <NavPage title={t('orders.historyTitle')} fallback="/orderrecord" className="markets-page">
      <div className="history-filters">
        <label className="history-filter">
          <span>{t('orders.filters.symbol')}</span>
          <select value={symbol ?? ''} onChange={(event) => setFilter('symbol', event.target.value || undefined)}>
            <option value="">{t('orders.filters.all')}</option>
            {symbols.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className="history-filter">
          <span>{t('orders.filters.status')}</span>
          <select value={status ?? ''} onChange={(event) => setFilter('status', event.target.value || undefined)}>
            <option value="">{t('orders.filters.all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`orders.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="history-filter">
          <span>{t('orders.filters.direction')}</span>
          <select value={direction ?? ''} onChange={(event) => setFilter('direction', event.target.value || undefined)}>
            <option value="">{t('orders.filters.all')}</option>
            {ORDER_DIRECTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`orders.direction.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <OrderList query={orders} empty={t('orders.emptySettled')} />
    </NavPage>
  );
}
