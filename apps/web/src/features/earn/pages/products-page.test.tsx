import type { WealthProduct } from '@app/contract/wealth';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { PRODUCTS } from '../components/wealth-fixtures';
import ProductsPage from './products-page';

describe('earn (/lc)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('names the products in the chosen language and switches with it', async () => {
    await changeLang('zn');
    mockApi({ '/wealth/getList': ok<WealthProduct[]>(PRODUCTS) });
    renderScreen(<ProductsPage />, { path: '/lc' });
    const seven = await screen.findByRole('link', { name: /^USDT 7天穩健, / });
    expect(within(seven).getByRole('heading', { name: 'USDT 7天穩健' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^USDT 30天成長, / })).toBeInTheDocument();
    expect(screen.queryByText('USDT 7-Day Steady')).not.toBeInTheDocument();
    await act(() => changeLang('vn'));
    expect(screen.getByRole('link', { name: /^USDT 7 ngày ổn định, / })).toBeInTheDocument();
  });

  it('lists the products with their terms and quota, signed out, and links flexible earn', async () => {
    const { calls } = mockApi({ '/wealth/getList': ok<WealthProduct[]>(PRODUCTS) });
    renderScreen(<ProductsPage />, { path: '/lc' });
    // The card's name tells what it shows (WCAG 2.5.3): product, cycle, rate, minimum and quota.
    const seven = await screen.findByRole('link', {
      name: 'USDT 7-Day Steady, 7 days, Daily rate of return 0.03%, APR 10.95%, Single minimum 100 USDT, Remaining 750,000 USDT',
    });
    expect(seven).toHaveAttribute('href', '/lcdetail?id=1');
    expect(within(seven).getByText('7 days')).toBeInTheDocument();
    expect(within(seven).getByText('0.03%')).toBeInTheDocument();
    // The yearly rate beside the daily one: 0.03% a day is 10.95% a year (simple interest).
    expect(within(seven).getByText('APR 10.95%')).toBeInTheDocument();
    expect(within(seven).getByText('100 USDT')).toBeInTheDocument();
    expect(within(seven).getByText('Remaining 750,000 USDT')).toBeInTheDocument();
    expect(within(seven).getByText('25% sold')).toBeInTheDocument();
    const thirty = screen.getByRole('link', { name: /^USDT 30-Day Growth, 30 days, .*0\.04%.*, Sold out$/ });
    expect(within(thirty).getByText('Sold out')).toBeInTheDocument();
    expect(within(thirty).getByText('0.04%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Flexible earn/ })).toHaveAttribute('href', '/defi');
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/lcorders');
    expect(screen.getByRole('link', { name: 'Revenue record' })).toHaveAttribute('href', '/revenue');
    // Nothing that needs a session was asked (it would send a visitor to the login page).
    expect(calls.map((call) => call.path)).toEqual(['/wealth/getList']);
  });

  it('says so when there are no products', async () => {
    mockApi({ '/wealth/getList': ok<WealthProduct[]>([]) });
    renderScreen(<ProductsPage />, { path: '/lc' });
    expect(await screen.findByText('No products at the moment')).toBeInTheDocument();
  });
});
