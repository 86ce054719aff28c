import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';
import type { ListView } from '../hooks/use-list';
import { QueryError } from './query-error';

interface ListTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onRow'> {
  list: ListView<T>;
  /** Makes the whole row clickable, e.g. to open the row's drawer. */
  onRowClick?: (row: T) => void;
}

/** A list screen's rows (one page, or the whole list), with the load error above them and the pager below. */
export function ListTable<T extends object>({ list, onRowClick, ...table }: ListTableProps<T>) {
  const frame = useRef<HTMLDivElement>(null);
  // A wide table scrolls sideways: its scroll area takes keyboard focus so arrow keys reach the
  // columns off screen (WCAG 2.1.1; antd offers no prop for it).
  useEffect(() => {
    for (const area of frame.current?.querySelectorAll('.ant-table-content, .ant-table-body') ?? []) {
      area.setAttribute('tabindex', '0');
    }
  });
  return (
    <div ref={frame}>
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
    </div>
  );
}
