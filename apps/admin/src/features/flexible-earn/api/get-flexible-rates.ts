import type { FlexibleRate } from '@app/contract/flexible-earn';
import type { Paging } from '../../../lib/list-params';
import { pageQueryOptions } from '../../../lib/list-query';
import { FLEXIBLE_EARN_QUERY_KEY } from './get-flexible-summary';

export function flexibleRatesQueryOptions(params: Paging) {
  return pageQueryOptions<FlexibleRate>([...FLEXIBLE_EARN_QUERY_KEY, 'rates'], '/flexible-earn/rates', params);
}
