import type { Quote } from '@app/contract/markets';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { installFakeSocket, QUOTES } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import QuotesPage from './quotes-page';

describe('markets (/hq)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('shows product names in the chosen language, switches with it, and searches any language', async () => {
    await changeLang('zn');
    // The answer's `name` stays English: the screen reads the language it shows from `nameI18n`.
    mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    renderScreen(<QuotesPage />, { path: '/hq', url: '/hq?category=metal' });
    const gold = await screen.findByRole('link', { name: /XAUUSD/ });
    expect(within(gold).getByText('黃金')).toBeInTheDocument();
    expect(within(gold).queryByText('Gold')).not.toBeInTheDocument();

    await act(() => changeLang('vn'));
    expect(within(screen.getByRole('link', { name: /XAUUSD/ })).getByText('Vàng')).toBeInTheDocument();
    await act(() => changeLang('en'));
    expect(within(screen.getByRole('link', { name: /XAUUSD/ })).getByText('Gold')).toBeInTheDocument();

    await act(() => changeLang('zn'));
    await userEvent.setup().type(screen.getByRole('searchbox'), '比特');
    const btc = await screen.findByRole('link', { name: /BTCUSDT/ });
    expect(within(btc).getByText('比特幣')).toBeInTheDocument();
  });

  it('shows the four categories, the simulated label and coloured changes', async () => {
    mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    renderScreen(<QuotesPage />, { path: '/hq' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Stocks', 'Forex', 'Crypto', 'Precious metals']);
    expect(screen.getByRole('tab', { name: 'Stocks' })).toHaveAttribute('aria-selected', 'true');

    expect(await screen.findByText('+1.25%')).toHaveClass('is-up');
    expect(screen.getByText('Simulated prices')).toBeInTheDocument();
    expect(screen.getByText('Prices come from a simulated feed, not from a real exchange.')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.getByText('-2.10%')).toHaveClass('is-down');
    expect(screen.getByText('190.12')).toBeInTheDocument();
    expect(screen.queryByText('EURUSD')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /AAPL/ })).toHaveAttribute('href', '/xq?symbol=AAPL');
  });

  it('with live and simulated products, says so and tags each row with its source', async () => {
    const quotes = QUOTES.map((q) => (q.category === 'crypto' ? { ...q, source: 'live' } : q));
    mockApi({ '/product/list': ok<Quote[]>(quotes) });
    renderScreen(<QuotesPage />, { path: '/hq', url: '/hq?category=crypto' });
    const row = await screen.findByRole('link', { name: /BTCUSDT/ });
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Simulated and live prices')).toBeInTheDocument();
    expect(screen.getByText(/Products marked Live take their prices from a real exchange/)).toBeInTheDocument();
    expect(screen.queryByText('Simulated prices')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Stocks' }));
    expect(within(await screen.findByRole('link', { name: /AAPL/ })).getByText('Simulated')).toBeInTheDocument();
  });

  it('filters by tab and by search', async () => {
    mockApi({ '/product/list': ok<Quote[]>(QUOTES) });
    renderScreen(<QuotesPage />, { path: '/hq' });
    const user = userEvent.setup();
    await screen.findByText('AAPL');

    await user.click(screen.getByRole('tab', { name: 'Forex' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('EURUSD')).toBeInTheDocument();
    expect(within(panel).queryByText('AAPL')).not.toBeInTheDocument();
    expect(within(panel).getByText('+0.12%')).toHaveClass('is-up');

    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    expect(screen.getByText('BTCUSDT')).toBeInTheDocument();
    expect(screen.getByText('-0.50%')).toHaveClass('is-down');
    expect(screen.queryByText('EURUSD')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox'), 'gold');
    expect(screen.getByText('XAUUSD')).toBeInTheDocument();
    expect(screen.queryByText('BTCUSDT')).not.toBeInTheDocument();
  });
});
