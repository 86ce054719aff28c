import type { Order, ProductCategory, Quote, TradingPeriod, Turnover } from '@app/contract/markets';
import { vi } from 'vitest';
import { resetRealtimeClient } from '../lib/realtime';
import { FakeSocket } from './fake-socket';

const PERIODS: TradingPeriod[] = [
  { seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '1000' },
  { seconds: 60, payoutRate: '0.8', minStake: '20', maxStake: '2000' },
];

export function quote(
  symbol: string,
  category: ProductCategory,
  last: string,
  changePercent24h: string,
  name = symbol,
  nameI18n: Quote['nameI18n'] = { en: name, vn: name, zn: name },
): Quote {
  return {
    symbol,
    name,
    nameI18n,
    category,
    pricePrecision: 2,
    periods: PERIODS,
    feeRate: '0.01',
    source: 'simulated',
    last,
    open24h: last,
    change24h: '0',
    changePercent24h,
    updatedAt: '2025-03-03T10:00:00.000Z',
  };
}

export const QUOTES = [
  quote('AAPL', 'stock', '190.12', '1.25', 'Apple Inc.'),
  quote('TSLA', 'stock', '250.40', '-2.10', 'Tesla Inc.'),
  quote('EURUSD', 'forex', '1.08', '0.12', 'Euro / US Dollar'),
  quote('BTCUSDT', 'crypto', '64000.50', '-0.50', 'Bitcoin', { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣' }),
  quote('XAUUSD', 'metal', '2300.10', '0.30', 'Gold', { en: 'Gold', vn: 'Vàng', zn: '黃金' }),
];

export const TURNOVER = {
  symbol: 'BTCUSDT',
  source: 'simulated',
  last: '64000.50',
  open: '64300.00',
  high: '65000.00',
  low: '63000.00',
  change: '-299.50',
  changePercent: '-0.47',
  volume: '123456',
  ticks: [{ time: '2025-03-03T10:00:00.000Z', price: '64000.50' }],
} satisfies Turnover;

/** The socket never opens in screen tests: screens run on their polling fallback. */
export function installFakeSocket(): void {
  FakeSocket.instances = [];
  resetRealtimeClient();
  vi.stubGlobal('WebSocket', FakeSocket);
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    symbol: 'BTCUSDT',
    productName: 'Bitcoin',
    productNameI18n: { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣' },
    direction: 'up',
    amount: '100',
    fee: '1',
    payoutRate: '0.85',
    period: 30,
    status: 'open',
    createdAt: '2025-03-03T10:00:00.000Z',
    endTime: '2025-03-03T10:00:30.000Z',
    entry: { time: '2025-03-03T10:00:01.000Z', price: '64000.50' },
    exit: null,
    lowest: null,
    highest: null,
    payout: null,
    profit: null,
    settledAt: null,
    balanceAfter: '899',
    source: 'simulated',
    ...overrides,
  };
}

export const SETTLED_ORDER = order({
  id: 'o-7',
  status: 'won',
  exit: { time: '2025-03-03T10:00:30.000Z', price: '64010.25' },
  lowest: '63990.00',
  highest: '64020.00',
  payout: '185',
  profit: '84',
  settledAt: '2025-03-03T10:00:30.400Z',
});
