import { WEALTH_ORDER_STATUSES, type WealthOrder, type WealthOrderStatus } from '@app/contract/wealth';
import { Link, useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { formatCalendarDate, formatDateTime } from '../../../lib/time';
import { useWealthOrders } from '../api/get-wealth-orders';
import { ratePercent } from '../components/rate-text';
import '../wealth.css';
import { useProductName } from '../../../lib/i18n/product-name';

/** `/lcorders`: the user's locked deposits, earning or complete, with the profit so far. */
export default function WealthOrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: WealthOrderStatus = params.get('tab') === 'complete' ? 'complete' : 'earning';
  const orders = useWealthOrders(status);
  return (
    <NavPage title={t('wealth.ordersTitle')} fallback="/lc">
      {/* The link sits beside the tab list, not in it: a tab list holds tabs only. */}
      <div className="lc-tabs">
        <div className="lc-tabs__list" role="tablist" aria-label={t('wealth.ordersTitle')}>
          {WEALTH_ORDER_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={status === value}
              className={`lc-tab${status === value ? ' lc-tab--active' : ''}`}
              onClick={() => setParams({ tab: value }, { replace: true })}
            >
              {t(`wealth.tabs.${value}`)}
            </button>
          ))}
        </div>
        <Link className="lc-tabs__link" to="/revenue">
          {t('wealth.revenue')}
        </Link>
      </div>
      <section role="tabpanel" aria-label={t(`wealth.tabs.${status}`)}>
        <InfiniteList
          query={orders}
          className="lc-list"
          getKey={(order) => order.id}
          empty={status === 'earning' ? t('wealth.emptyEarning') : t('wealth.emptyComplete')}
          renderItem={(order) => <WealthOrderCard order={order} />}
        />
      </section>
    </NavPage>
  );
}

function WealthOrderCard({ order }: { order: WealthOrder }) {
  const { t } = useTranslation();
  const name = useProductName()(order.productNameI18n, order.productName);
  return (
    <article className="lc-order" aria-label={`${name} ${order.amount}`}>
      <div className="lc-card__top">
        <h3 className="lc-card__name">{name}</h3>
        <span className={`lc-status lc-status--${order.status}`}>{t(`wealth.tabs.${order.status}`)}</span>
      </div>
      <div className="lc-order__figures">
        <div>
          <p className="lc-order__value">{displayMoney(order.amount)}</p>
          <p className="lc-card__label">{t('wealth.amount')} (USDT)</p>
        </div>
        <div>
          <p className="lc-order__value is-up">{displaySignedMoney(order.accruedProfit)}</p>
          <p className="lc-card__label">{t('wealth.accruedProfit')}</p>
        </div>
        <div>
          <p className="lc-order__value">{order.daysLeft}</p>
          <p className="lc-card__label">{t('wealth.daysLeft')}</p>
        </div>
      </div>
      <dl className="lc-summary lc-summary--compact">
        <div>
          <dt>{t('wealth.estimatedEarnings')}</dt>
          <dd>{displayMoney(order.estimatedEarnings)} USDT</dd>
        </div>
        <div>
          <dt>{t('wealth.dailyRate')}</dt>
          <dd>
            {ratePercent(order.dailyRate)} · {t('wealth.days', { days: order.cycleDays })}
          </dd>
        </div>
        <div>
          <dt>{t('wealth.interestPeriod')}</dt>
          <dd>
            {formatCalendarDate(order.startDate)} – {formatCalendarDate(order.endDate)}
          </dd>
        </div>
        <div>
          <dt>{t('wealth.maturity')}</dt>
          <dd>{formatDateTime(order.maturesAt)}</dd>
        </div>
        <div>
          <dt>{t('wealth.orderNumber')}</dt>
          <dd className="mono">{order.id}</dd>
        </div>
      </dl>
    </article>
  );
}
