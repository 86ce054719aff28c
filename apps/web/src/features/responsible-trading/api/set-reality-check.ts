import type { ResponsibleState, SetRealityCheckRequest } from '@app/contract/responsible-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { storeResponsibleState } from './get-responsible-state';

export function setRealityCheck(body: SetRealityCheckRequest): Promise<ResponsibleState> {
  return apiPost<ResponsibleState>('/user/responsible/reality_check', body);
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setRealityCheck, onSuccess: (state) => storeResponsibleState(queryClient, state) });
}
