import type { Page } from '@app/contract/common';
import type { Deposit } from '@app/contract/wallet';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import DepositRecordsPage from './deposit-records-page';

/** Deposit records with the bank's currency (issue 12): the fiat, the locked rate, the fiat received. */
const deposit = (overrides: Partial<Deposit>): Deposit => ({
  id: '1',
  method: 'bank',
  amount: '100',
  creditedAmount: null,
  txHash: null,
  hasProof: false,
  status: 'pending',
  rejectReason: null,
  createdAt: '2025-03-03T10:00:00Z',
  reviewedAt: null,
  fiatCurrency: 'VND',
  fiatRate: '25400',
  fiatAmount: '2540000',
  fiatReceived: null,
  bankAccount: { id: 'hanoi', bankName: 'Vietcombank', holderName: 'Vela Co', cardNumber: '0071000123456' },
  ...overrides,
});

const PENDING = deposit({ id: '1' });
const CONFIRMED = deposit({ id: '2', status: 'confirmed', creditedAmount: '100', fiatReceived: '2540000' });
const TRC = deposit({
  id: '3',
  method: 'trc20',
  txHash: 'ab'.repeat(32),
  fiatCurrency: null,
  fiatRate: null,
  fiatAmount: null,
  bankAccount: null,
});

function api(list: Deposit[]) {
  return mockApi({ '/user/deposit': ok<Page<Deposit>>({ list, total: list.length, page: 1, pageSize: 20 }) });
}

const records = async () => {
  await screen.findAllByRole('article');
  return screen.getAllByRole('article');
};

describe('deposit records', () => {
  afterEach(() => changeLang('en'));

  it.each([
    [
      'en',
      'To Vietcombank ··3456',
      'Transfer ₫2,540,000 · 1 USDT = ₫25,400, locked at request',
      'Received by the platform: ₫2,540,000',
    ],
    [
      'vn',
      'Đến Vietcombank ··3456',
      'Chuyển 2.540.000 ₫ · 1 USDT = 25.400 ₫, chốt khi gửi yêu cầu',
      'Nền tảng đã nhận: 2.540.000 ₫',
    ],
    ['zn', '轉入 Vietcombank ··3456', '轉帳 ₫2,540,000 · 1 USDT = ₫25,400，申請時鎖定', '平台實收：₫2,540,000'],
  ] as const)(
    'in %s: the account, the fiat at the locked rate, and once confirmed the fiat received',
    async (lang, to, fiat, received) => {
      await changeLang(lang);
      api([PENDING, CONFIRMED, TRC]);
      renderScreen(<DepositRecordsPage />, { path: '/depositrecord' });
      const [pending, confirmed, trc] = await records();
      expect(within(pending!).getByText(to)).toBeInTheDocument();
      expect(within(pending!).getByText(fiat)).toBeInTheDocument();
      // Nothing is received before finance confirms.
      expect(pending).not.toHaveTextContent(received);
      expect(within(confirmed!).getByText(received)).toBeInTheDocument();
      expect(trc).not.toHaveTextContent(/₫|USDT =/);
    },
  );

  it('a deposit confirmed at another fiat figure shows that figure and the USDT credited', async () => {
    api([deposit({ id: '4', status: 'confirmed', creditedAmount: '50', fiatReceived: '1270000' })]);
    renderScreen(<DepositRecordsPage />, { path: '/depositrecord' });
    const [record] = await records();
    expect(within(record!).getByText('Received by the platform: ₫1,270,000')).toBeInTheDocument();
    expect(within(record!).getByText('Credited: 50 USDT')).toBeInTheDocument();
  });
});
