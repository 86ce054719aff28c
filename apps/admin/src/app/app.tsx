import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { useEffect } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { isApiError, setUnauthorizedHandler } from '../lib/api-client';

type Router = ReturnType<typeof createBrowserRouter>;

const RETRY_COUNT_MAX = 2;

/**
 * antd's palette with its greys, link and error colours darkened to 4.5:1 (WCAG 1.4.3);
 * the rest is antd's own.
 */
const ADMIN_THEME = {
  token: {
    colorPrimary: '#1f5fd6',
    colorLink: '#1f5fd6',
    colorError: '#c62828',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  },
};

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
    <ConfigProvider locale={enUS} theme={ADMIN_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
