import type { PriceAlert, PriceAlertList } from '@app/contract/price-alerts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PriceAlertSheet from '../../components/price-alert-sheet';
import { changeLang } from '../../lib/i18n';
import { resetRealtimeClient } from '../../lib/realtime';
import { setToken } from '../../lib/storage';
import { FakeSocket } from '../../test/fake-socket';
import { installFakeSocket } from '../../test/markets-fixtures';
import { fail, mockApi, ok, renderScreen } from '../../test/render';
import PriceAlertToasts from './components/price-alert-toasts';
import PriceAlertsPage from './pages/price-alerts-page';

const ALERT: PriceAlert = {
  id: '7',
  symbol: 'BTCUSDT',
  kind: 'above',
  price: '70000.00',
  percent: null,
  windowSeconds: null,
  referencePrice: '67250.00',
  isEnabled: true,
  armedAt: '2026-11-20T08:00:00Z',
  triggeredAt: null,
  triggeredPrice: null,
  createdAt: '2026-11-20T08:00:00Z',
};
const FIRED: PriceAlert = {
  ...ALERT,
  id: '6',
  kind: 'move',
  price: null,
  percent: '0.5',
  windowSeconds: 3600,
  isEnabled: false,
  triggeredAt: '2026-11-20T09:00:00Z',
  triggeredPrice: '67600.00',
};

describe('watchlist and price alerts', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('the alert sheet fills in the current price, sends the alert, and shows a refusal in words', async () => {
    setToken('user-token');
    let refuse = true;
    const { calls } = mockApi({
      '/price_alert/create': () =>
        refuse
          ? fail(422, 4722, 'The price is already at or above this level: choose a higher price')
          : ok<PriceAlert>(ALERT),
    });
    renderScreen(<PriceAlertSheet isOpen onClose={() => {}} symbol="BTCUSDT" currentPrice="67250.5" precision={2} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'New price alert · BTCUSDT' })).toBeInTheDocument();
    expect(screen.getByText('Current price: 67,250.50')).toBeInTheDocument();
    const price = screen.getByLabelText('Price');
    expect(price).toHaveValue('67250.50');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already at or above this level');
    expect(calls.find((c) => c.path === '/price_alert/create')?.body).toEqual({
      kind: 'above',
      symbol: 'BTCUSDT',
      price: '67250.50',
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Moves by' }));
    await user.clear(screen.getByLabelText('Move (%)'));
    await user.type(screen.getByLabelText('Move (%)'), '0.5');
    await user.click(screen.getByRole('button', { name: '1 hour' }));
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/price_alert/create').at(-1)?.body).toEqual({
        kind: 'move',
        symbol: 'BTCUSDT',
        percent: '0.5',
        windowSeconds: 3600,
      }),
    );
  });

  it('/pricealerts lists alerts with their state, turns one off and on, and deletes one', async () => {
    setToken('user-token');
    let list: PriceAlert[] = [ALERT, FIRED];
    const { calls } = mockApi({
      '/price_alert/list': () => ok<PriceAlertList>({ list, max: 50 }),
      '/price_alert/set_enabled': (body) => {
        const { id, enabled } = body as { id: string; enabled: boolean };
        list = list.map((a) => (a.id === id ? { ...a, isEnabled: enabled, triggeredAt: null } : a));
        return ok<PriceAlert>(list.find((a) => a.id === id)!);
      },
      '/price_alert/delete': (body) => {
        list = list.filter((a) => a.id !== (body as { id: string }).id);
        return ok<null>(null);
      },
    });
    renderScreen(<PriceAlertsPage />, { path: '/pricealerts' });
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('price-alert');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('BTCUSDT · Price ≥ 70,000.00');
    expect(rows[0]).toHaveTextContent('Set at 67,250.00');
    expect(rows[1]).toHaveTextContent('Moves 0.5% within 1 hour');
    expect(rows[1]).toHaveTextContent(/Fired at 67,600\.00/);
    expect(screen.getByText('2 of 50 alerts')).toBeInTheDocument();

    const switches = screen.getAllByRole('switch');
    expect(switches[0]).toHaveAttribute('aria-checked', 'true');
    expect(switches[1]).toHaveAttribute('aria-checked', 'false');
    await user.click(switches[1]!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/price_alert/set_enabled')?.body).toEqual({ id: '6', enabled: true }),
    );
    await waitFor(() => expect(screen.getAllByRole('switch')[1]).toHaveAttribute('aria-checked', 'true'));

    await user.click(within(rows[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this price alert?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('price-alert')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/price_alert/delete')?.body).toEqual({ id: '7' });
  });

  it('in Vietnamese the sheet takes "65990,5" and the list, a fired alert\'s toast write prices as Vietnamese does', async () => {
    setToken('user-token');
    await changeLang('vn');
    const { calls } = mockApi({
      '/price_alert/create': () => ok<PriceAlert>(ALERT),
      '/price_alert/list': () => ok<PriceAlertList>({ list: [ALERT, FIRED], max: 50 }),
    });
    const user = userEvent.setup();
    const sheet = renderScreen(
      <PriceAlertSheet isOpen onClose={() => {}} symbol="BTCUSDT" currentPrice="67250.5" precision={2} />,
    );
    expect(await screen.findByText('Giá hiện tại: 67.250,50')).toBeInTheDocument();
    const price = screen.getByLabelText('Giá');
    // Filled in for editing as Vietnamese writes decimals, without grouping.
    expect(price).toHaveValue('67250,50');
    await user.click(screen.getByRole('button', { name: 'Giảm đến' }));
    await user.clear(price);
    await user.type(price, '65.990');
    await user.click(screen.getByRole('button', { name: 'Đặt cảnh báo' }));
    // "65.990" is 65990 or 65.99: asked again, nothing sent.
    expect(await screen.findByRole('alert')).toHaveTextContent('65.990');
    expect(calls.filter((c) => c.path === '/price_alert/create')).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '65990,5');
    await user.click(screen.getByRole('button', { name: 'Đặt cảnh báo' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/price_alert/create')?.body).toEqual({
        kind: 'below',
        symbol: 'BTCUSDT',
        price: '65990.5',
      }),
    );
    sheet.unmount();

    renderScreen(
      <>
        <PriceAlertsPage />
        <PriceAlertToasts />
      </>,
      { path: '/pricealerts' },
    );
    const rows = await screen.findAllByTestId('price-alert');
    expect(rows[0]).toHaveTextContent('BTCUSDT · Giá ≥ 70.000,00');
    expect(rows[0]).toHaveTextContent('Đặt khi giá 67.250,00');
    expect(rows[1]).toHaveTextContent('Biến động 0,5% trong 1 giờ');
    expect(rows[1]).toHaveTextContent(/Đã báo ở giá 67\.600,00/);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.push({
      type: 'notification',
      unread: 1,
      notification: {
        id: '9',
        kind: 'price_alert',
        params: { alertId: '7', symbol: 'BTCUSDT', condition: 'below', level: '66000.00', price: '65990.00' },
        isRead: false,
        createdAt: '2026-11-20T09:00:00Z',
      },
    });
    expect(await screen.findByText('BTCUSDT đã giảm đến 65.990,00 (cảnh báo: ≤ 66.000,00)')).toBeInTheDocument();
  });
});
