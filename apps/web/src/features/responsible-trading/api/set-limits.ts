import type { ResponsibleState, SetLimitsRequest } from '@app/contract/responsible-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { storeResponsibleState } from './get-responsible-state';

export function setLimits(body: SetLimitsRequest): Promise<ResponsibleState> {
  return apiPost<ResponsibleState>('/user/responsible/limits', body);
}

export function useSetLimits() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLimits, onSuccess: (state) => storeResponsibleState(queryClient, state) });
}
