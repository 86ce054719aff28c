import type { HelpArticleSummary } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

export const HELP_QUERY_KEY = ['help'] as const;

export function getHelpArticles(signal?: AbortSignal): Promise<HelpArticleSummary[]> {
  return apiGet<HelpArticleSummary[]>('/help/articles', { signal, useEtag: true });
}

export function helpArticlesQueryOptions() {
  return queryOptions({
    queryKey: [...HELP_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getHelpArticles(signal),
    staleTime: 300_000,
  });
}

export function useHelpArticles() {
  return useQuery(helpArticlesQueryOptions());
}
