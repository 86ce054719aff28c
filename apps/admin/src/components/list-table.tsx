import { Table, type TableProps } from 'antd';
import type { ListView } from '../hooks/use-list';
import { QueryError } from './query-error';

interface ListTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onRow'> {
  list: ListView<T>;
  /** Makes the whole row clickable, e.g. to open the row's drawer. */
  onRowClick?: (row: T) => void;
}

/** A list screen's rows (one page, or the whole list), with the load error above them and the pager below. */
export function ListTable<T extends object>({ list, onRowClick, ...table }: ListTableProps<T>) {
  return (
    <>
      {list.error && <QueryError error={list.error} onRetry={() => list.refetch()} />}
      <Table<T>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        {...table}
        dataSource={list.rows}
        loading={list.isFetching}
        onRow={onRowClick && ((row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }))}
        pagination={list.pagination}
      />
    </>
  );
}
