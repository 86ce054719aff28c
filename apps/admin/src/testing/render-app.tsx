import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRoot, createQueryClient } from '../app/app';
import { ROUTES } from '../app/routes';
import { TestProviders } from './test-providers';

/** The whole app at one address, as an operator would see it, with fresh caches. */
export function renderApp(path: string) {
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <TestProviders>
      <AppRoot router={router} queryClient={queryClient} />
    </TestProviders>,
  );
  return { ...view, router, queryClient };
}
