import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter } from 'react-router';
import { AppRoot, createQueryClient } from '../app/app';
import { ROUTES } from '../app/routes';

/** The whole app at one address, as an operator would see it, with fresh caches. */
export function renderApp(path: string) {
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  // No animations: jsdom never ends a CSS transition, so antd would wait for its fallback timers.
  const view = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AppRoot router={router} queryClient={queryClient} />
    </ConfigProvider>,
  );
  return { ...view, router, queryClient };
}
