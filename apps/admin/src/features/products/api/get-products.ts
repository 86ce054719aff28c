import type { AdminProduct } from '@app/contract/admin-markets';
import { wholeListQueryOptions } from '../../../lib/list-query';

export const PRODUCTS_QUERY_KEY = ['products'] as const;

export function productsQueryOptions() {
  return wholeListQueryOptions<AdminProduct>(PRODUCTS_QUERY_KEY, '/products');
}
