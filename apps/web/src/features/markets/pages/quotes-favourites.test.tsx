import type { Quote } from '@app/contract/markets';
import type { Watchlist } from '@app/contract/price-alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { setToken } from '../../../lib/storage';
import { installFakeSocket, QUOTES } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import QuotesPage from './quotes-page';

describe('/hq favourites (issue 15)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('/hq signed in opens on Favourites, explains the star, and a star keeps the product there', async () => {
    setToken('user-token');
    let symbols: string[] = [];
    const { calls } = mockApi({
      '/product/list': ok<Quote[]>(QUOTES),
      '/watchlist/list': () => ok<Watchlist>({ symbols }),
      '/watchlist/add': (body) => {
        symbols = [...symbols, (body as { symbol: string }).symbol];
        return ok<Watchlist>({ symbols });
      },
      '/watchlist/remove': (body) => {
        symbols = symbols.filter((s) => s !== (body as { symbol: string }).symbol);
        return ok<Watchlist>({ symbols });
      },
    });
    renderScreen(<QuotesPage />, { path: '/hq' });
    const user = userEvent.setup();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Favourites', 'Stocks', 'Forex', 'Crypto', 'Precious metals']);
    expect(screen.getByRole('tab', { name: 'Favourites' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/No favourites yet\. Tap the star/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    const star = await screen.findByRole('button', { name: 'Add AAPL to favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(calls.find((c) => c.path === '/watchlist/add')?.body).toEqual({ symbol: 'AAPL' }));
    expect(await screen.findByRole('button', { name: 'Remove AAPL from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('tab', { name: 'Favourites' }));
    const panel = screen.getByRole('tabpanel', { name: 'Favourites' });
    expect(within(panel).getByRole('link', { name: /AAPL/ })).toBeInTheDocument();
    expect(within(panel).queryByText('TSLA')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Remove AAPL from favourites' }));
    expect(await screen.findByText(/No favourites yet/)).toBeInTheDocument();
    expect(symbols).toEqual([]);
  });

  it('/hq signed out has no Favourites tab and no stars', async () => {
    mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    renderScreen(<QuotesPage />, { path: '/hq' });
    expect(await screen.findByRole('link', { name: /AAPL/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Favourites' })).toBeNull();
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
  });
});
