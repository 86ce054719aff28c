import type { Page } from '@app/contract/common';
import type { HeldOrder, Order } from '@app/contract/markets';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../../../lib/realtime';
import { installFakeSocket, order, SETTLED_ORDER } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import OrderRecordsPage from './order-records-page';

describe('positions (/orderrecord)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('counts an open order down and shows its result when it ends, without a reload', async () => {
    const open = {
      ...order({ id: 'o-7' }),
      currentPrice: '64005.00',
      secondsLeft: 1,
      wouldWin: 'win',
    } satisfies HeldOrder;
    let isSettled = false;
    mockApi({
      '/order/hold_list': () => ok<HeldOrder[]>(isSettled ? [] : [open]),
      '/order/list': () =>
        ok<Page<Order>>({ list: isSettled ? [SETTLED_ORDER] : [], total: isSettled ? 1 : 0, page: 1, pageSize: 20 }),
    });
    renderScreen(<OrderRecordsPage />, { path: '/orderrecord' });
    expect(await screen.findByText('Winning now')).toBeInTheDocument();
    expect(screen.getByText('64,005.00')).toBeInTheDocument();
    expect(screen.getByText('0:01')).toBeInTheDocument();
    isSettled = true;
    expect(await screen.findByText('Settling…', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('+84', {}, { timeout: 5000 })).toHaveClass('is-up');
    expect(screen.getByText('Won')).toBeInTheDocument();
  });
});
