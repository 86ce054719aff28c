import type { AdminHelpArticle } from '@app/contract/content';
import { wholeListQueryOptions } from '../../../lib/list-query';

export const HELP_ARTICLES_QUERY_KEY = ['help-articles'] as const;

export function helpArticlesQueryOptions() {
  return wholeListQueryOptions<AdminHelpArticle>(HELP_ARTICLES_QUERY_KEY, '/help-articles');
}
