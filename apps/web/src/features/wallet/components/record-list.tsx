import type { Page } from '@app/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RecordListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
  empty: string;
}

/** A paged list that loads the next page as the user nears its end. */
export function RecordList<T>({ query, renderItem, getKey, empty }: RecordListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <ListSkeleton />;
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
      <ul className="records">
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
            <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
          ) : (
            <span className="list-end">{t('list.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="records" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((index) => (
        <li key={index} className="record record--loading">
          <div className="skeleton skeleton--light skeleton--line" />
          <div className="skeleton skeleton--light skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
