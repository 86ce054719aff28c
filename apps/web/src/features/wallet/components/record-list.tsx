import type { Page } from '@app/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../lib/i18n';

interface RecordListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
  empty: string;
  /** The list's class; `records` (a column of cards) unless the page styles its own. */
  className?: string;
}

/** A paged list that loads the next page as the user nears its end. */
export function RecordList<T>({ query, renderItem, getKey, empty, className = 'records' }: RecordListProps<T>) {
  return (
    <InfiniteList
      query={query}
      className={className}
      getKey={getKey}
      renderItem={renderItem}
      empty={empty}
      pending={<ListSkeleton />}
    />
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
