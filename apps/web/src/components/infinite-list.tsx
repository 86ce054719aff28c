import type { Page } from '@app/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

interface InfiniteListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
  /** Already translated. */
  empty: string;
  /** The class of the list itself. */
  className: string;
  /** Shown until the first page arrives; a spinner when left out. */
  pending?: ReactNode;
}

/**
 * A paged list that loads the next page as the user nears its end, with its loading, empty, failed
 * and end states.
 */
export function InfiniteList<T>({ query, renderItem, getKey, empty, className, pending }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const spinner = <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />;
  if (query.isPending) return pending ?? spinner;
  if (query.isError && !query.data) {
    return (
      <div className="list-state">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <p className="list-state">{empty}</p>;
  return (
    <>
      <ul className={className}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          const result = await query.fetchNextPage();
          if (result.isError) throw result.error;
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="link-button" onClick={() => void retry()}>
              {t('list.loadFailed')} · {t('common.retry')}
            </button>
          ) : hasMore ? (
            spinner
          ) : (
            <span className="list-end">{t('list.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
