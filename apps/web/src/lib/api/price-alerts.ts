import type { CreatePriceAlertRequest, PriceAlert, PriceAlertList } from '@app/contract/price-alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from './client';

/** The user's price alerts (issue 15): the /pricealerts list and the sheet on /xq. */
export const PRICE_ALERTS_QUERY_KEY = ['price-alerts'] as const;

export function usePriceAlerts() {
  return useQuery({
    queryKey: PRICE_ALERTS_QUERY_KEY,
    queryFn: ({ signal }) => apiPost<PriceAlertList>('/price_alert/list', undefined, { signal }),
  });
}

function useAlertMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY_KEY }),
  });
}

export function useCreatePriceAlert() {
  return useAlertMutation((input: CreatePriceAlertRequest) => apiPost<PriceAlert>('/price_alert/create', input));
}

export function useSetPriceAlertEnabled() {
  return useAlertMutation((input: { id: string; enabled: boolean }) =>
    apiPost<PriceAlert>('/price_alert/set_enabled', input),
  );
}

export function useDeletePriceAlert() {
  return useAlertMutation((id: string) => apiPost<null>('/price_alert/delete', { id }));
}
