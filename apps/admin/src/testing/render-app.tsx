import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { AppRoot, createQueryClient } from '../app/app';
import { ROUTES } from '../app/routes';

/** The whole app at one address, as an operator would see it, with fresh caches. */
export function renderApp(path: string) {
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(<AppRoot router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
