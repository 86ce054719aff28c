import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../../../lib/realtime';
import { installFakeSocket, SETTLED_ORDER, TURNOVER } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import OrderDetailPage from './order-detail-page';

const local = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

describe('order detail (/orderdetail)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('finds a settled order and shows every field with its entry and exit ticks', async () => {
    const { calls } = mockApi({
      '/order/hold_list': ok([]),
      '/order/list': ok({ list: [SETTLED_ORDER], total: 1, page: 1, pageSize: 100 }),
      '/product/trunover': ok(TURNOVER),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-7' });
    expect(await screen.findByText('o-7')).toBeInTheDocument();
    const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(row('Opening')).toHaveTextContent(`64000.50 at ${local('2025-03-03T10:00:01.000Z')}`);
    expect(row('Exit')).toHaveTextContent(`64010.25 at ${local('2025-03-03T10:00:30.000Z')}`);
    expect(row('Lowest')).toHaveTextContent('63990.00');
    expect(row('Highest')).toHaveTextContent('64020.00');
    expect(row('Investment amount')).toHaveTextContent('100 USDT');
    expect(row('Processing fee')).toHaveTextContent('1 USDT');
    expect(row('Balance')).toHaveTextContent('899 USDT');
    expect(row('Settlement time')).toHaveTextContent(local('2025-03-03T10:00:30.400Z'));
    expect(row('Result')).toHaveTextContent('Won');
    expect(row('Profit')).toHaveTextContent('+84 USDT');
    expect(calls.map((call) => call.path)).toContain('/order/list');
  });

  it('says so when the order does not exist', async () => {
    mockApi({
      '/order/hold_list': ok([]),
      '/order/list': ok({ list: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=nope' });
    expect(await screen.findByText('This order could not be found')).toBeInTheDocument();
  });
});
