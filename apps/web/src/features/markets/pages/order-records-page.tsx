import type { HeldOrder, Order } from '@app/contract/markets';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { useHeldOrders } from '../api/get-held-orders';
import { useOrders } from '../api/get-orders';
import { OrderList } from '../components/order-list';
import { OrderRow } from '../components/order-row';
import { PositionList } from '../components/position-list';
import { useDarkTheme } from '../hooks/use-dark-theme';
import '../markets.css';

type Tab = 'open' | 'settled';

export default function OrderRecordsPage() {
  const { t } = useTranslation();
  useDarkTheme();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'settled' ? 'settled' : 'open';

  return (
    <NavPage
      title={t('orders.recordsTitle')}
      fallback="/my"
      className="markets-page"
      right={
        <Link className="navbar__link" to="/record">
          {t('orders.history')}
        </Link>
      }
    >
      <div className="cat-tabs" role="tablist" aria-label={t('orders.recordsTitle')}>
        {(['open', 'settled'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className={`cat-tab${tab === value ? ' cat-tab--active' : ''}`}
            onClick={() => setParams({ tab: value }, { replace: true })}
          >
            {t(`orders.tabs.${value}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={t(`orders.tabs.${tab}`)}>
        {tab === 'open' ? <OpenOrders /> : <SettledOrders />}
      </section>
    </NavPage>
  );
}

function OpenOrders() {
  const { t } = useTranslation();
  const held = useHeldOrders();
  const recent = useOrders();
  const justSettled = useJustSettled(held.data, recent.data?.pages[0]?.list);
  if (held.isPending) return <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />;
  if (held.isError && !held.data) {
    return (
      <div className="list-state">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => held.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      {justSettled.length > 0 && (
        <ul className="order-list order-list--recent">
          {justSettled.map((order) => (
            <li key={order.id}>
              <OrderRow order={order} />
            </li>
          ))}
        </ul>
      )}
      {held.data.length > 0 ? (
        <PositionList orders={held.data} fetchedAtMs={held.dataUpdatedAt} />
      ) : (
        <div className="list-state">
          <p>{t('orders.emptyOpen')}</p>
          <Link className="btn btn--ghost btn--small" to="/hq">
            {t('markets.allMarkets')}
          </Link>
        </div>
      )}
    </>
  );
}

/** Orders that were open while this screen was up and have settled since: their result shows in place. */
function useJustSettled(held: HeldOrder[] | undefined, recent: Order[] | undefined): Order[] {
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!held || held.every((order) => seen.has(order.id))) return;
    setSeen((current) => new Set([...current, ...held.map((order) => order.id)]));
  }, [held, seen]);
  const openIds = new Set((held ?? []).map((order) => order.id));
  return (recent ?? []).filter((order) => seen.has(order.id) && !openIds.has(order.id) && order.status !== 'open');
}

function SettledOrders() {
  const { t } = useTranslation();
  const orders = useOrders();
  return <OrderList query={orders} empty={t('orders.emptySettled')} />;
}
