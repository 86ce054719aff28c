import type { Page } from '@app/contract/common';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { STRINGS } from '../config/strings';
import { PAGE_SIZES, type Paging, type UrlChanges, usePagedQueryParams } from '../lib/list-params';

type Options<TData> = UseQueryOptions<TData, Error, TData, QueryKey>;

/** A list the server pages: the screen's filters and the page live in the URL. */
interface PagedList<T, F> {
  /** The screen's filters, read from the URL (none: only the page). */
  filters?: (searchParams: URLSearchParams) => F;
  /** The query of one page with these filters. */
  page: (params: F & Paging) => Options<Page<T>>;
}

/** A short list the server answers whole, shown on one page. */
interface WholeList<T> {
  all: Options<T[]>;
  /** The order of the rows on screen. */
  order?: (a: T, b: T) => number;
}

export interface ListView<T, F = object> {
  /** The filters and the page the rows were asked for. */
  params: F & Paging;
  rows: T[];
  total: number;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  /** The table's pager; false for a whole list. */
  pagination: TablePaginationConfig | false;
  paging: Paging;
  setPage: (page: number, pageSize: number) => void;
  /** A changed filter: back to the first page. */
  filter: (changes: UrlChanges) => void;
  /** Other URL state of the screen (the open row, the tab). */
  update: (changes: UrlChanges) => void;
  searchParams: URLSearchParams;
}

/**
 * A list screen's state in one place: the rows of the current page (or the whole list), whether it
 * loads, the load error with a retry, the pager, and the filters, which live in the URL so an
 * operator can share a link.
 */
export function useList<T, F extends object = object>(source: PagedList<T, F>): ListView<T, F>;
export function useList<T>(source: WholeList<T>): ListView<T>;
export function useList<T, F extends object>(source: PagedList<T, F> | WholeList<T>): ListView<T, F> {
  const { searchParams, update, paging, setPage, filter } = usePagedQueryParams();
  const isPaged = 'page' in source;
  const params = { ...(isPaged ? source.filters?.(searchParams) : undefined), ...paging } as F & Paging;
  const query = useQuery<Page<T> | T[], Error>((isPaged ? source.page(params) : source.all) as Options<Page<T> | T[]>);
  const data = query.data;
  const rows = Array.isArray(data) ? sortedRows(data, isPaged ? undefined : source.order) : (data?.list ?? []);
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  return {
    params,
    rows,
    total,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    pagination: isPaged ? tablePagination(paging, total, setPage) : false,
    paging,
    setPage,
    filter,
    update,
    searchParams,
  };
}

function sortedRows<T>(rows: T[], order: ((a: T, b: T) => number) | undefined): T[] {
  return order ? [...rows].sort(order) : rows;
}

/** The antd pagination of a server-paged list whose page and size live in the URL. */
function tablePagination(
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
