import type { Page } from '@app/contract/common';
import type { WealthRevenueEntry } from '@app/contract/wealth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import WealthRevenuePage from './wealth-revenue-page';

const ROWS = [
  { id: '3', type: 'principal', amount: '1000', orderId: '42', createdAt: '2026-03-18T00:00:05.000Z' },
  { id: '2', type: 'profit', amount: '0.3', orderId: '42', createdAt: '2026-03-12T00:00:05.000Z' },
  { id: '1', type: 'expenditure', amount: '-1000', orderId: '42', createdAt: '2026-03-10T08:00:00.000Z' },
] satisfies WealthRevenueEntry[];

describe('revenue record (/revenue)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows principal, profit and expenditure rows with signed amounts, and filters by type', async () => {
    const { calls } = mockApi({
      '/wealth/revenue': (body) => {
        const type = (body as { type?: string }).type;
        const list = type ? ROWS.filter((row) => row.type === type) : ROWS;
        return ok<Page<WealthRevenueEntry>>({ list, total: list.length, page: 1, pageSize: 20 });
      },
    });
    renderScreen(<WealthRevenuePage />, { path: '/revenue' });
    expect(await screen.findByRole('article', { name: 'Principal 1000' })).toHaveTextContent('+1,000 USDT');
    expect(screen.getByRole('article', { name: 'Profit 0.3' })).toHaveTextContent('+0.3 USDT');
    const spent = screen.getByRole('article', { name: 'Expenditure -1000' });
    expect(spent).toHaveTextContent('-1,000 USDT');
    expect(spent).toHaveTextContent('Order 42');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Profit' }));
    await screen.findByRole('tab', { name: 'Profit', selected: true });
    expect(await screen.findByRole('article', { name: 'Profit 0.3' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Principal 1000' })).not.toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ type: 'profit' });
  });
});
