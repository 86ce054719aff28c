import type { AdminHelpArticle, UpdateHelpArticleRequest } from '@app/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { HELP_ARTICLES_QUERY_KEY } from './get-help-articles';

export function updateHelpArticle(input: { id: string; changes: UpdateHelpArticleRequest }): Promise<AdminHelpArticle> {
  return apiClient.patch<AdminHelpArticle>(`/help-articles/${encodeURIComponent(input.id)}`, input.changes);
}

export function useUpdateHelpArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHelpArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELP_ARTICLES_QUERY_KEY }),
  });
}
