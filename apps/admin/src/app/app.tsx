import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useEffect } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { isApiError, setUnauthorizedHandler } from '../lib/api-client';

type Router = ReturnType<typeof createBrowserRouter>;

const RETRY_COUNT_MAX = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failureCount, error) =>
          failureCount < RETRY_COUNT_MAX && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** Providers and the router; a lost session (401) empties the caches and goes to the login screen. */
export function AppRoot({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      const { pathname, search } = router.state.location;
      if (pathname !== '/login') router.navigate('/login', { replace: true, state: { from: { pathname, search } } });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [router, queryClient]);

  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: '#1f5fd6' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
