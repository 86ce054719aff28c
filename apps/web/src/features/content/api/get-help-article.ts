import type { HelpArticle } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { HELP_QUERY_KEY } from './get-help-articles';

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function getHelpArticle(slug: string, signal?: AbortSignal): Promise<HelpArticle> {
  return apiGet<HelpArticle>(`/help/article?slug=${encodeURIComponent(slug)}`, { signal, useEtag: true });
}

export function helpArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...HELP_QUERY_KEY, 'article', slug],
    queryFn: ({ signal }) => getHelpArticle(slug, signal),
    enabled: SLUG_PATTERN.test(slug),
    staleTime: 300_000,
  });
}

export function useHelpArticle(slug: string) {
  return useQuery(helpArticleQueryOptions(slug));
}
