import type { WealthOrder, WealthProduct, WealthQuote } from '@app/contract/wealth';

/** API answers for the locked-deposit screens' tests, typed by the contract. */
export const PRODUCTS = [
  {
    id: '1',
    name: 'USDT 7-Day Steady',
    nameI18n: { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' },
    currency: 'USDT',
    cycleDays: 7,
    dailyRate: '0.0003',
    minAmount: '100',
    maxPerUser: '50000',
    quotaTotal: '1000000',
    quotaRemaining: '750000',
  },
  {
    id: '2',
    name: 'USDT 30-Day Growth',
    nameI18n: { en: 'USDT 30-Day Growth', vn: 'USDT 30 ngày tăng trưởng', zn: 'USDT 30天成長' },
    currency: 'USDT',
    cycleDays: 30,
    dailyRate: '0.0004',
    minAmount: '500',
    maxPerUser: '100000',
    quotaTotal: '2000000',
    quotaRemaining: '0',
  },
] satisfies WealthProduct[];

export const QUOTE = {
  productId: '1',
  productName: 'USDT 7-Day Steady',
  productNameI18n: { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7天穩健' },
  amount: '1000',
  cycleDays: 7,
  dailyRate: '0.0003',
  dailyInterest: '0.3',
  estimatedEarnings: '2.1',
  purchaseDate: '2026-03-10',
  startDate: '2026-03-11',
  endDate: '2026-03-17',
  maturesAt: '2026-03-18T00:00:00.000Z',
} satisfies WealthQuote;

export const ORDER = {
  ...QUOTE,
  id: '42',
  status: 'earning',
  accruedProfit: '0.9',
  daysPaid: 3,
  daysLeft: 4,
  createdAt: '2026-03-10T08:00:00.000Z',
  completedAt: null,
} satisfies WealthOrder;
