import type { ExcludeRequest, ResponsibleState } from '@app/contract/responsible-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { storeResponsibleState } from './get-responsible-state';

export function exclude(body: ExcludeRequest): Promise<ResponsibleState> {
  return apiPost<ResponsibleState>('/user/responsible/exclude', body);
}

export function useExclude() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: exclude, onSuccess: (state) => storeResponsibleState(queryClient, state) });
}
