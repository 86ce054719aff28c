import type { Quote } from '@app/contract/markets';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/render';
import { createAppRouter } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

it('asks for the markets list as /hq opens, before its page has rendered', async () => {
  window.history.replaceState(null, '', '/hq');
  const { calls } = mockApi({ '/product/list': ok<Quote[]>([]) });
  const queryClient = new QueryClient();
  const router = createAppRouter(queryClient);
  // Nothing is rendered: the route's loader asked.
  await waitFor(() => expect(calls.map((call) => call.path)).toContain('/product/list'));
  await waitFor(() => expect(queryClient.getQueryData(['markets', 'quotes', 'all'])).toEqual([]));
  router.dispose();
});

it('asks for no list on other screens', async () => {
  window.history.replaceState(null, '', '/login');
  const { calls } = mockApi({});
  const router = createAppRouter(new QueryClient());
  await waitFor(() => expect(router.state.initialized).toBe(true));
  expect(calls.map((call) => call.path)).not.toContain('/product/list');
  router.dispose();
});
