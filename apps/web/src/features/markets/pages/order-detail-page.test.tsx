import type { FairReceipt } from '@app/contract/fair-receipt';
import type { Order, Turnover } from '@app/contract/markets';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../../../lib/realtime';
import { installFakeSocket, SETTLED_ORDER, TURNOVER } from '../../../test/markets-fixtures';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import OrderDetailPage from './order-detail-page';

describe('order detail (/orderdetail)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('reads the order from order/detail and shows every field with its entry and exit ticks', async () => {
    const { calls } = mockApi({
      '/order/detail': ok<Order>(SETTLED_ORDER),
      '/product/trunover': ok<Turnover>(TURNOVER),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    expect(await screen.findByText('o-7')).toBeInTheDocument();
    const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Opening')).toHaveTextContent('64,000.50 at Mar 3, 2025, 10:00:01 UTC');
    expect(row('Exit')).toHaveTextContent('64,010.25 at Mar 3, 2025, 10:00:30 UTC');
    expect(row('Lowest')).toHaveTextContent('63,990.00');
    expect(row('Highest')).toHaveTextContent('64,020.00');
    expect(row('Investment amount')).toHaveTextContent('100 USDT');
    expect(row('Processing fee')).toHaveTextContent('1 USDT');
    expect(row('Balance')).toHaveTextContent('899 USDT');
    expect(row('Settlement time')).toHaveTextContent('Mar 3, 2025, 10:00:30 UTC');
    expect(row('Result')).toHaveTextContent('Won');
    expect(row('Profit')).toHaveTextContent('+84 USDT');
    // One call for one order: no searching through the lists.
    expect(calls.map((call) => ({ path: call.path, body: call.body }))).toEqual([
      { path: '/order/detail', body: { id: 'o-7' } },
    ]);
  });

  it('says a practice order is one (issue 14), and a real one says nothing of it', async () => {
    mockApi({
      '/order/detail': ok<Order>({ ...SETTLED_ORDER, account: 'practice' }),
      '/product/trunover': ok<Turnover>(TURNOVER),
    });
    const view = renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    expect(await screen.findByTestId('order-practice')).toHaveTextContent('Practice order: practice money only');
    view.unmount();
    mockApi({
      '/order/detail': ok<Order>({ ...SETTLED_ORDER, account: 'real' }),
      '/product/trunover': ok<Turnover>(TURNOVER),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    expect(await screen.findByText('o-7')).toBeInTheDocument();
    expect(screen.queryByTestId('order-practice')).not.toBeInTheDocument();
  });

  it('says so when the server has no such order of this user', async () => {
    mockApi({
      '/order/detail': fail(404, 4207, 'Order not found'),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=123' });
    expect(await screen.findByText('This order could not be found')).toBeInTheDocument();
  });

  it('offers a retry when the call fails, and shows the order once it answers', async () => {
    let attempts = 0;
    mockApi({
      '/order/detail': () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 5000, 'Internal error') : ok<Order>(SETTLED_ORDER);
      },
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('o-7')).toBeInTheDocument();
  });

  it('offers Verify (the receipt checked on the verify screen) and Download receipt (a file named after the order)', async () => {
    const receipt: FairReceipt = {
      order: {
        id: 'o-7',
        symbol: 'BTCUSDT',
        direction: 'up',
        amount: '100',
        fee: '1',
        payoutRate: '0.85',
        acceptedAtMs: 1_741_000_000_300,
        endTimeMs: 1_741_000_030_300,
        status: 'won',
        payout: '185',
      },
      ticks: [],
      checkpoint: null,
      publicKeyPem: '',
      epochs: [],
      model: { source: 'simulated', paths: [] },
      verifiable: false,
      verifiableAtMs: 1_741_000_090_000,
    };
    const { calls } = mockApi({
      '/order/detail': ok<Order>(SETTLED_ORDER),
      '/fair/receipt?order=o-7': ok<FairReceipt>(receipt),
    });
    const saved: { name: string; text: Promise<string> }[] = [];
    // jsdom has no object URLs: record the file instead.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', text: blob.text() });
        return 'blob:receipt';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });

    expect(await screen.findByRole('link', { name: 'Verify' })).toHaveAttribute('href', '/fairverify?order=o-7');
    expect(screen.getByRole('link', { name: 'How results are made provably fair' })).toHaveAttribute('href', '/fair');
    await userEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((call) => call.path)).toContain('/fair/receipt?order=o-7');
    expect(saved[0]!.name).toBe('vela-receipt-o-7.json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(receipt);
    click.mockRestore();

    await userEvent.click(screen.getByRole('link', { name: 'Verify' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/fairverify?order=o-7');
  });

  it('says so when the receipt cannot be downloaded', async () => {
    mockApi({
      '/order/detail': ok<Order>(SETTLED_ORDER),
      '/fair/receipt?order=o-7': fail(500, 5000, 'Internal error'),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The receipt could not be loaded');
  });
});
