import type { Page } from '@app/contract/common';
import type { WealthOrder } from '@app/contract/wealth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { ORDER } from '../components/wealth-fixtures';
import WealthOrdersPage from './wealth-orders-page';

const page = (list: WealthOrder[]) => ok<Page<WealthOrder>>({ list, total: list.length, page: 1, pageSize: 20 });

describe('my locked deposits (/lcorders)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows earning orders with profit so far and days left, and completed ones on their tab', async () => {
    const done = {
      ...ORDER,
      id: '7',
      status: 'complete',
      accruedProfit: '2.1',
      daysPaid: 7,
      daysLeft: 0,
    } satisfies WealthOrder;
    const { calls } = mockApi({
      '/wealth/orders': (body) => ((body as { status: string }).status === 'complete' ? page([done]) : page([ORDER])),
    });
    renderScreen(<WealthOrdersPage />, { path: '/lcorders' });
    const card = await screen.findByRole('article', { name: 'USDT 7-Day Steady 1000' });
    expect(within(card).getByText('Earning')).toBeInTheDocument();
    expect(within(card).getByText('+0.9')).toBeInTheDocument();
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByText('Mar 11, 2026 – Mar 17, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revenue record' })).toHaveAttribute('href', '/revenue');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Complete' }));
    const completed = await screen.findByRole('article', { name: 'USDT 7-Day Steady 1000' });
    expect(within(completed).getByText('+2.1')).toBeInTheDocument();
    expect(within(completed).getByText('0')).toBeInTheDocument();
    expect(calls.map((call) => (call.body as { status: string }).status)).toEqual(['earning', 'complete']);
  });

  it('says when there is nothing earning', async () => {
    mockApi({ '/wealth/orders': page([]) });
    renderScreen(<WealthOrdersPage />, { path: '/lcorders' });
    expect(await screen.findByText('No earning orders')).toBeInTheDocument();
  });
});
