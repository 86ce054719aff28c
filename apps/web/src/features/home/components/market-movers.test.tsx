import type { Quote } from '@app/contract/markets';
import type { Watchlist } from '@app/contract/price-alerts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/storage';
import { QUOTES } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { MarketMovers } from './market-movers';

describe("home's movers (issue 15)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show the favourites first when the user has any, then gainers and losers', async () => {
    setToken('user-token');
    mockApi({
      '/product/list': ok<Quote[]>(QUOTES),
      '/watchlist/list': ok<Watchlist>({ symbols: ['EURUSD', 'TSLA'] }),
    });
    renderScreen(<MarketMovers />);
    const favourites = await screen.findByRole('button', { name: 'Favourites' });
    expect(favourites).toHaveAttribute('aria-pressed', 'true');
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/xq?symbol=EURUSD', '/xq?symbol=TSLA']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Top gainers' }));
    expect(screen.getByRole('button', { name: 'Top gainers' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list')).queryByRole('link', { name: /TSLA/ })).toBeNull();
  });

  it('without favourites open on the gainers, with no favourites switch', async () => {
    setToken('user-token');
    mockApi({
      '/product/list': ok<Quote[]>(QUOTES),
      '/watchlist/list': ok<Watchlist>({ symbols: [] }),
    });
    renderScreen(<MarketMovers />);
    expect(await screen.findByRole('button', { name: 'Top gainers' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Favourites' })).toBeNull();
  });
});
