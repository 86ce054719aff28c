import type { AdminHelpArticle } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const HELP_ARTICLES_QUERY_KEY = ['help-articles'] as const;

export function getHelpArticles(signal?: AbortSignal): Promise<AdminHelpArticle[]> {
  return apiClient.get<AdminHelpArticle[]>('/help-articles', { signal });
}

export function helpArticlesQueryOptions() {
  return queryOptions({ queryKey: HELP_ARTICLES_QUERY_KEY, queryFn: ({ signal }) => getHelpArticles(signal) });
}

export function useHelpArticles() {
  return useQuery(helpArticlesQueryOptions());
}
