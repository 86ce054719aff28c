import type { PracticeBalance } from '@app/contract/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { PRACTICE_BALANCE_QUERY_KEY } from '../../../lib/trading-account';

export function resetPractice(): Promise<PracticeBalance> {
  return apiPost<PracticeBalance>('/practice/reset', {});
}

/** Once a platform day; the answer is the new practice balance. */
export function useResetPractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPractice,
    onSuccess: (balance) => queryClient.setQueryData(PRACTICE_BALANCE_QUERY_KEY, balance),
  });
}
