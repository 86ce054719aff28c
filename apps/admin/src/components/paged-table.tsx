import type { Page } from '@app/contract/common';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { STRINGS } from '../config/strings';
import { PAGE_SIZES, type Paging } from '../lib/list-params';
import { QueryError } from './query-error';

/** The antd pagination of a server-paged list whose page and size live in the URL. */
export function tablePagination(
  paging: Paging,
  total: number,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: STRINGS.common.total,
    onChange,
  };
}

interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onRow'> {
  query: UseQueryResult<Page<T>>;
  paging: Paging;
  onPageChange: (page: number, pageSize: number) => void;
  /** Makes the whole row clickable, e.g. to open the row's drawer. */
  onRowClick?: (row: T) => void;
}

/** One page of a server list, with the load error above it and the pager below. */
export function PagedTable<T extends object>({
  query,
  paging,
  onPageChange,
  onRowClick,
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<T>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        {...table}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        onRow={onRowClick && ((row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }))}
        pagination={tablePagination(paging, query.data?.total ?? 0, onPageChange)}
      />
    </>
  );
}
