import type { PublicConfig } from '@app/contract/common';
import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { CONFIG_QUERY_KEY, configQueryOptions } from '../lib/api/get-config';

interface RouterLike {
  state: { location: Location; navigation: { location?: Location } };
  subscribe: (listener: (state: RouterLike['state']) => void) => () => void;
}

/**
 * Spec section 2: before every route change the app asks for the common config and, on code 0,
 * titles the page with `web_name`. The cached value applies at once; navigation never waits.
 */
export function installConfigRevalidation(router: RouterLike, client: QueryClient): () => void {
  let lastKey: string | undefined;
  const revalidate = (location: Location) => {
    if (location.key === lastKey) return;
    lastKey = location.key;
    const cached = client.getQueryData<PublicConfig>(CONFIG_QUERY_KEY);
    if (cached) document.title = cached.web_name;
    client
      .fetchQuery({ ...configQueryOptions(), staleTime: 0 })
      .then((config) => {
        document.title = config.web_name;
      })
      .catch(() => {
        // A failed config call keeps the last title; it is not worth a toast.
      });
  };
  revalidate(router.state.location);
  return router.subscribe((state) => revalidate(state.navigation.location ?? state.location));
}
