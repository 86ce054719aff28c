import type { Page } from '@app/contract/common';
import type { Order } from '@app/contract/markets';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteList } from '../../../components/infinite-list';
import { OrderRow } from './order-row';

/** Settled orders, paged: the next page loads as the user nears the end. */
export function OrderList({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Order>>>;
  empty: string;
}) {
  return (
    <InfiniteList
      query={query}
      className="order-list"
      getKey={(order) => order.id}
      renderItem={(order) => <OrderRow order={order} />}
      empty={empty}
    />
  );
}
