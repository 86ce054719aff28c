import type { AdminHelpArticle, CreateHelpArticleRequest } from '@app/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { HELP_ARTICLES_QUERY_KEY } from './get-help-articles';

export function createHelpArticle(input: CreateHelpArticleRequest): Promise<AdminHelpArticle> {
  return apiClient.post<AdminHelpArticle>('/help-articles', input);
}

export function useCreateHelpArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHelpArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELP_ARTICLES_QUERY_KEY }),
  });
}
