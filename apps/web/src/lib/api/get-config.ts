import type { PublicConfig } from '@app/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from './client';

export const CONFIG_QUERY_KEY = ['common', 'config'] as const;

export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiPost<PublicConfig>('/common/config', {}, { signal, useEtag: true });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
