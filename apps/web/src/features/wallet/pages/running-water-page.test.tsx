import type { Page } from '@app/contract/common';
import type { JournalKind, WaterEntry, WaterState } from '@app/contract/ledger';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import RunningWaterPage from './running-water-page';

/** One event as `user/water` answers it: its effect on the available balance, that balance after, its state. */
const event = (
  id: string,
  kind: JournalKind,
  amount: string,
  balanceAfter: string,
  state: WaterState,
  reference: [string, string],
  extra: Partial<WaterEntry> = {},
): WaterEntry => ({
  id,
  journalId: id,
  kind,
  account: 'available',
  currency: 'USDT',
  amount,
  balanceAfter,
  referenceType: reference[0],
  referenceId: reference[1],
  memo: null,
  createdAt: '2025-03-03T10:00:00Z',
  state,
  grossAmount: amount.replace('-', ''),
  fee: null,
  ...extra,
});

// Newest first, as the server answers: a deposit, a withdrawal paid, one rejected, an order, a locked purchase.
const EVENTS = [
  event('9', 'wealth_purchase', '-500', '179.8', 'earning', ['wealth_order', '5']),
  event('8', 'order_settlement', '0', '679.8', 'lost', ['order', '41'], { grossAmount: '20' }),
  event('7', 'order_stake', '-20.2', '679.8', 'settled', ['order', '41'], { fee: '0.2' }),
  event('6', 'withdrawal_return', '100', '700', 'completed', ['withdrawal', '3']),
  event('5', 'withdrawal_request', '-100', '600', 'rejected', ['withdrawal', '3']),
  event('4', 'withdrawal_payout', '0', '700', 'paid', ['withdrawal', '2'], { grossAmount: '300' }),
  event('3', 'withdrawal_request', '-300', '700', 'paid', ['withdrawal', '2']),
  event('2', 'adjustment', '1234.5', '2234.5', 'completed', ['adjustment', '1'], { memo: 'outage credit' }),
  event('1', 'deposit', '1000', '1000', 'completed', ['deposit', '1']),
];

const page = (list: WaterEntry[]) => ok<Page<WaterEntry>>({ list, total: list.length, page: 1, pageSize: 20 });
const rows = async () => {
  const list = await screen.findByRole('list', { busy: false });
  return within(list).getAllByRole('listitem');
};

describe('fund details (/runningwater)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('shows one row per event: what happened, its state, the signed effect and the available balance after', async () => {
    mockApi({ '/user/water': page(EVENTS) });
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    expect(await rows()).toHaveLength(EVENTS.length);

    const withdrawal = screen.getByRole('button', { name: /^Withdrawal, Paid.*-300.*Available 700/ });
    expect(within(withdrawal).getByText('-300')).toHaveClass('is-down');
    const deposit = screen.getByRole('button', { name: /^Deposit, .*\+1,000.*Available 1,000/ });
    expect(within(deposit).getByText('+1,000')).toHaveClass('is-up');
    expect(
      screen.getByRole('button', { name: /^Withdrawal rejected, refunded, Completed.*\+100.*Available 700/ }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /^Order placed, Settled.*-20\.2.*Available 679\.8/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Locked deposit, Earning.*-500.*Available 179\.8/ })).toBeVisible();

    // Paid from held money: the available balance did not move, and the row says what did.
    const paid = screen.getByRole('button', { name: /^Withdrawal paid, Paid/ });
    expect(within(paid).getByText('0')).toHaveClass('is-flat');
    expect(within(paid).getByText('Paid from the 300 USDT held')).toBeVisible();
    const lost = screen.getByRole('button', { name: /^Order settled, Lost/ });
    expect(within(lost).getByText('Stake 20 USDT not returned')).toBeVisible();
    // No ledger words in the list: no accounts, no legs.
    const list = screen.getByRole('list', { busy: false });
    expect(within(list).queryByText(/frozen|in trading|earn_locked|earn_flexible/i)).not.toBeInTheDocument();
  });

  it('speaks the user’s language: titles, states and numbers in vn and zn', async () => {
    mockApi({ '/user/water': page(EVENTS) });
    await act(() => changeLang('vn'));
    const vn = renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    expect(await screen.findByRole('button', { name: /^Rút tiền, Đã chi trả.*-300.*Khả dụng 700/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Điều chỉnh.*\+1\.234,5.*Khả dụng 2\.234,5/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Rút tiền, Đang xử lý|^Rút tiền, Bị từ chối/ })).toBeVisible();
    vn.unmount();

    await act(() => changeLang('zn'));
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    expect(await screen.findByRole('button', { name: /^提現, 已出款.*-300.*可用 700/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^提現駁回退款, 已完成.*\+100.*可用 700/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^訂單結算, 虧損/ })).toBeVisible();
  });

  it('a tap opens what caused the event; an adjustment opens its own sheet', async () => {
    mockApi({ '/user/water': page(EVENTS) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    for (const [name, path] of [
      [/^Deposit,/, '/depositrecord'],
      [/^Withdrawal, Paid/, '/withdrawrecord'],
      [/^Withdrawal paid/, '/withdrawrecord'],
      [/^Order placed/, '/orderdetail?id=41'],
      [/^Order settled/, '/orderdetail?id=41'],
      [/^Locked deposit/, '/lcorders'],
    ] as const) {
      const view = renderScreen(<RunningWaterPage />, { path: '/runningwater' });
      await user.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path));
      view.unmount();
    }
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    await user.click(await screen.findByRole('button', { name: /^Adjustment/ }));
    const sheet = (await screen.findByRole('heading', { level: 2, name: 'Adjustment' })).closest('section')!;
    expect(within(sheet as HTMLElement).getByText('outage credit')).toBeVisible();
    expect(within(sheet as HTMLElement).getByText('+1,234.5 USDT')).toBeVisible();
  });

  it('filters by what the user did, and asks the server for that group', async () => {
    const { calls } = mockApi({
      '/user/water': (body) => {
        const group = (body as { group?: string }).group;
        const list = group === 'trading' ? EVENTS.filter((e) => e.referenceType === 'order') : EVENTS;
        return page(list);
      },
    });
    renderScreen(<RunningWaterPage />, { path: '/runningwater' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    expect(await rows()).toHaveLength(EVENTS.length);
    await user.click(screen.getByRole('button', { name: 'Trading' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(calls.at(-1)?.body).toEqual({ page: 1, pageSize: 20, group: 'trading' });
  });
});
