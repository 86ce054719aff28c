import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [20, 50, 100];
const PAGE_SIZE_MAX = 100;

/** A screen's list state lives in the URL so an operator can share a link; this edits it. */
export function useUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = (changes: UrlChanges) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  };
  return { searchParams, update };
}

export type Paging = {
  page: number;
  pageSize: number;
};

export type UrlChanges = Record<string, string | number | undefined>;

/**
 * A paged list's URL state: the current page and size, `setPage` for the table, and `filter` for a
 * changed filter, which goes back to the first page.
 */
export function usePagedQueryParams() {
  const { searchParams, update } = useUrlState();
  return {
    searchParams,
    update,
    paging: readPaging(searchParams),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),
    filter: (changes: UrlChanges) => update({ ...changes, page: undefined }),
  };
}

export function readPaging(searchParams: URLSearchParams): Paging {
  return {
    page: readPositiveInt(searchParams.get('page'), 1, Number.MAX_SAFE_INTEGER),
    pageSize: readPositiveInt(searchParams.get('pageSize'), PAGE_SIZES[0]!, PAGE_SIZE_MAX),
  };
}

/**
 * A queue's status filter: absent means the default (pending, what needs work), `all` means no filter.
 * Returns undefined for "all".
 */
export function readStatus<S extends string>(
  searchParams: URLSearchParams,
  statuses: readonly S[],
  fallback: S | undefined,
): S | undefined {
  const value = searchParams.get('status');
  if (value === 'all') return undefined;
  return statuses.find((s) => s === value) ?? fallback;
}

export function readId(searchParams: URLSearchParams, key: string): string | undefined {
  const value = searchParams.get(key);
  return value && /^\d{1,18}$/.test(value) ? value : undefined;
}

function readPositiveInt(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}
