import type { Watchlist } from '@app/contract/price-alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsSignedIn } from '../session';
import { apiPost } from './client';

/** The signed-in user's favourites (issue 15): /hq's first tab, the stars, home's movers. */
export const WATCHLIST_QUERY_KEY = ['watchlist'] as const;

export function getWatchlist(signal?: AbortSignal): Promise<Watchlist> {
  return apiPost<Watchlist>('/watchlist/list', undefined, { signal });
}

/** The favourites' symbols, in the order starred; empty (and no call) when signed out. */
export function useWatchlist() {
  const isSignedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: WATCHLIST_QUERY_KEY,
    queryFn: ({ signal }) => getWatchlist(signal),
    enabled: isSignedIn,
    staleTime: 60_000,
    meta: { silent: true },
  });
  return { symbols: isSignedIn ? (query.data?.symbols ?? []) : [], isLoaded: isSignedIn && query.isSuccess };
}

/** Stars or unstars a product; the list shows the change at once and is put right if the call fails. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, isFavourite }: { symbol: string; isFavourite: boolean }) =>
      apiPost<Watchlist>(isFavourite ? '/watchlist/add' : '/watchlist/remove', { symbol }),
    onMutate: async ({ symbol, isFavourite }) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      const before = queryClient.getQueryData<Watchlist>(WATCHLIST_QUERY_KEY);
      const symbols = (before?.symbols ?? []).filter((s) => s !== symbol);
      queryClient.setQueryData<Watchlist>(WATCHLIST_QUERY_KEY, {
        symbols: isFavourite ? [...symbols, symbol] : symbols,
      });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(WATCHLIST_QUERY_KEY, context.before);
    },
    onSuccess: (data) => queryClient.setQueryData(WATCHLIST_QUERY_KEY, data),
  });
}
