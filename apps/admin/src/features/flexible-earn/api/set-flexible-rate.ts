import type { FlexibleRate, SetFlexibleRateRequest } from '@app/contract/flexible-earn';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { FLEXIBLE_EARN_QUERY_KEY } from './get-flexible-summary';

export function setFlexibleRate(input: SetFlexibleRateRequest): Promise<FlexibleRate> {
  return apiClient.post<FlexibleRate>('/flexible-earn/rates', input);
}

/** A new rate changes the summary's next rate and the history. */
export function useSetFlexibleRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFlexibleRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FLEXIBLE_EARN_QUERY_KEY }),
  });
}
