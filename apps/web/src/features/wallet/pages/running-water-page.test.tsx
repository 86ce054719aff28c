import type { Page } from '@app/contract/common';
import type { JournalKind, WaterEntry } from '@app/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import RunningWaterPage from './running-water-page';

const entry = (
  id: string,
  kind: JournalKind,
  account: WaterEntry['account'],
  amount: string,
  balanceAfter: string,
  type: string,
): WaterEntry => ({
  id,
  journalId: `j${id}`,
  kind,
  account,
  currency: 'USDT',
  amount,
  balanceAfter,
  referenceType: type,
  referenceId: `r${id}`,
  memo: null,
  createdAt: '2025-03-03T10:00:00Z',
});

const ENTRIES = [
  entry('3', 'adjustment', 'available', '5.5', '1085.5', 'adjustment'),
  entry('2', 'withdrawal_request', 'available', '-20', '1080', 'withdrawal'),
  entry('1', 'deposit', 'available', '1100', '1100', 'deposit'),
];

describe('fund details (/runningwater)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each movement with its sign and colour and the balance after it', async () => {
    mockApi({ '/user/water': ok<Page<WaterEntry>>({ list: ENTRIES, total: 3, page: 1, pageSize: 20 }) });
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    const credit = await screen.findByText('+1,100');
    expect(credit).toHaveClass('is-up');
    expect(screen.getByText('-20')).toHaveClass('is-down');
    expect(screen.getByText('+5.5')).toHaveClass('is-up');
    expect(screen.getByText('Balance 1,080')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Withdrawal request.*-20.*Balance 1,080/ })).toBeInTheDocument();
  });

  it('filters by kind and opens what caused a row', async () => {
    const { calls } = mockApi({
      '/user/water': (body) => {
        const kind = (body as { kind?: string }).kind;
        const list = kind ? ENTRIES.filter((item) => item.kind === kind) : ENTRIES;
        return ok<Page<WaterEntry>>({ list, total: list.length, page: 1, pageSize: 20 });
      },
    });
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('+1,100');
    await user.click(screen.getByRole('button', { name: 'Adjustment' }));
    await waitFor(() => expect(screen.queryByText('+1,100')).not.toBeInTheDocument());
    expect(calls.at(-1)?.body).toEqual({ page: 1, pageSize: 20, kind: 'adjustment' });
    await user.click(screen.getByText('+5.5'));
    const detail = await screen.findByRole('heading', { level: 2, name: 'Adjustment' });
    const sheet = detail.closest('section') as HTMLElement;
    expect(within(sheet).getByText('#j3')).toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(await screen.findByText('+1,100'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/depositrecord'));
  });

  it('a row of an order opens that order’s detail', async () => {
    const orderRows = [
      entry('6', 'order_settlement', 'available', '185', '1084', 'order'),
      entry('5', 'order_void', 'available', '10.1', '909.9', 'order'),
      entry('4', 'order_stake', 'available', '-101', '899', 'order'),
    ].map((row, i) => ({ ...row, referenceId: String(41 + i) }));
    mockApi({ '/user/water': ok<Page<WaterEntry>>({ list: orderRows, total: 3, page: 1, pageSize: 20 }) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    for (const [amount, id] of [
      ['+185', '41'],
      ['+10.1', '42'],
      ['-101', '43'],
    ]) {
      const view = renderScreen(<RunningWaterPage />, { path: '/runningwater' });
      await user.click(await screen.findByText(amount!));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/orderdetail?id=${id}`));
      view.unmount();
    }
  });
});
