import type { Page } from '@app/contract/common';
import type { Order } from '@app/contract/markets';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OrderRow } from './order-row';

/** Settled orders, paged: the next page loads as the user nears the end. */
export function OrderList({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Order>>>;
  empty: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />;
  if (query.isError && !query.data) {
    return (
      <div className="list-state">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const orders = query.data.pages.flatMap((page) => page.list);
  if (orders.length === 0) return <p className="list-state">{empty}</p>;
  return (
    <>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} />
          </li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const result = await query.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="link-button" onClick={() => void retry()}>
              {t('list.loadFailed')} · {t('common.retry')}
            </button>
          ) : hasMore ? (
            <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
          ) : (
            <span className="list-end">{t('list.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
