import type { AdminWealthProduct } from '@app/contract/wealth';
import { wholeListQueryOptions } from '../../../lib/list-query';

export const EARN_PRODUCTS_QUERY_KEY = ['earn-products'] as const;

export function earnProductsQueryOptions() {
  return wholeListQueryOptions<AdminWealthProduct>(EARN_PRODUCTS_QUERY_KEY, '/wealth/products');
}
