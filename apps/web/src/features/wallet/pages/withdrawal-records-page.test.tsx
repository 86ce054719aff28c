import type { Page } from '@app/contract/common';
import type { Withdrawal } from '@app/contract/wallet';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { mockApi, ok, renderScreen } from '../../../test/render';
import WithdrawalRecordsPage from './withdrawal-records-page';

const HASH = 'ab'.repeat(32);

const withdrawal = (overrides: Partial<Withdrawal>): Withdrawal => ({
  id: '1',
  method: 'bank',
  amount: '300',
  fee: '2.5',
  netAmount: '297.5',
  destination: 'Example Bank **** 4321',
  status: 'pending',
  result: 'processing',
  rejectReason: null,
  createdAt: '2025-03-03T10:00:00Z',
  completedAt: null,
  payoutReference: null,
  payoutUrl: null,
  fiatCurrency: null,
  fiatRate: null,
  fiatAmount: null,
  ...overrides,
});

const PROCESSING = withdrawal({ id: '1' });
const PAID_BANK = withdrawal({
  id: '2',
  status: 'paid',
  result: 'success',
  completedAt: '2025-03-03T12:00:00Z',
  payoutReference: 'VCB-20250303-77',
});
const PAID_TRC = withdrawal({
  id: '3',
  method: 'trc20',
  destination: 'TQ4vBq5RDvFbvbrVCGkzjpjKnLzVU6yNdA',
  status: 'paid',
  result: 'success',
  completedAt: '2025-03-03T12:00:00Z',
  payoutReference: HASH,
  payoutUrl: `https://tronscan.org/#/transaction/${HASH}`,
});
const REJECTED = withdrawal({ id: '4', status: 'rejected', result: 'fail', rejectReason: 'Name mismatch' });

function api(list: Withdrawal[]) {
  return mockApi({
    '/wallet/withdrawals': ok<Page<Withdrawal>>({ list, total: list.length, page: 1, pageSize: 20 }),
  });
}

const card = (id: string) => screen.getByTestId(`withdrawal-${id}`);

describe('withdrawal records', () => {
  beforeEach(() => {
    // user-event puts a clipboard of its own on navigator; the app uses it only in a secure context.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('while processing: "to receive", no success, no reference', async () => {
    api([PROCESSING]);
    renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
    await screen.findByTestId('withdrawal-1');
    const processing = card('1');
    expect(within(processing).getByText('Processing')).toBeInTheDocument();
    expect(within(processing).getByText('Fee 2.5 · To receive 297.5')).toBeInTheDocument();
    expect(processing).not.toHaveTextContent(/Received|Successful Withdrawal/);
    expect(within(processing).queryByRole('button', { name: /Copy/ })).toBeNull();
    expect(within(processing).queryByRole('link')).toBeNull();
  });

  it('once paid: "Successful Withdrawal", "received", the reference with a copy button; a bank payout has no link', async () => {
    api([PAID_BANK]);
    renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
    await screen.findByTestId('withdrawal-2');
    const paid = card('2');
    expect(within(paid).getByText('Successful Withdrawal')).toBeInTheDocument();
    expect(within(paid).getByText('Fee 2.5 · Received 297.5')).toBeInTheDocument();
    expect(within(paid).getByText('Payout reference')).toBeInTheDocument();
    expect(within(paid).getByText('VCB-20250303-77')).toBeInTheDocument();
    expect(within(paid).queryByRole('link')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(paid).getByRole('button', { name: 'Copy Payout reference' }));
    expect(await navigator.clipboard.readText()).toBe('VCB-20250303-77');
    expect(await screen.findByText('Copy Successfully', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a paid TRC20 withdrawal: the transaction hash, copyable, and a link to the block explorer', async () => {
    api([PAID_TRC]);
    renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
    await screen.findByTestId('withdrawal-3');
    const paid = card('3');
    expect(within(paid).getByText('Transaction hash (TxID)')).toBeInTheDocument();
    expect(within(paid).getByText(HASH)).toBeInTheDocument();
    const link = within(paid).getByRole('link', { name: 'View on the block explorer' });
    expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${HASH}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const user = userEvent.setup();
    await user.click(within(paid).getByRole('button', { name: 'Copy Transaction hash (TxID)' }));
    expect(await navigator.clipboard.readText()).toBe(HASH);
  });

  it('a rejected withdrawal says nothing was received and that the amount came back', async () => {
    api([REJECTED]);
    renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
    await screen.findByTestId('withdrawal-4');
    const rejected = card('4');
    expect(within(rejected).getByText('Failed')).toBeInTheDocument();
    expect(rejected).not.toHaveTextContent(/Received|To receive/);
    expect(within(rejected).getByText('The amount was returned to your available balance.')).toBeInTheDocument();
  });

  it.each([
    ['vn', 'Phí 2,5 · Sẽ nhận 297,5', 'Phí 2,5 · Đã nhận 297,5', 'Rút tiền thành công', 'Mã tham chiếu chi trả'],
    ['zn', '手續費 2.5 · 待到帳 297.5', '手續費 2.5 · 已到帳 297.5', '提現成功', '付款參考號'],
  ] as const)(
    'in %s: "to receive" while processing, "received" once paid',
    async (lang, toReceive, received, success, reference) => {
      await changeLang(lang);
      api([PROCESSING, PAID_BANK]);
      renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
      await screen.findByTestId('withdrawal-1');
      expect(within(card('1')).getByText(toReceive)).toBeInTheDocument();
      expect(within(card('2')).getByText(received)).toBeInTheDocument();
      expect(within(card('2')).getByText(success)).toBeInTheDocument();
      expect(within(card('2')).getByText(reference)).toBeInTheDocument();
      expect(card('1')).not.toHaveTextContent(success);
    },
  );

  it.each([
    [
      'en',
      'To arrive in your bank: ₫2,540,000',
      'Sent to your bank: ₫2,540,000',
      'Rate locked at request: 1 USDT = ₫25,400',
    ],
    [
      'vn',
      'Sẽ về ngân hàng: 2.540.000 ₫',
      'Đã chuyển về ngân hàng: 2.540.000 ₫',
      'Tỷ giá chốt khi gửi yêu cầu: 1 USDT = 25.400 ₫',
    ],
    ['zn', '預計匯入銀行：₫2,540,000', '已匯入銀行：₫2,540,000', '申請時鎖定匯率：1 USDT = ₫25,400'],
  ] as const)(
    'in %s, a bank withdrawal in VND: what arrives at the locked rate, "to arrive" then "sent"; a rejected one sends nothing',
    async (lang, toArrive, sent, rate) => {
      await changeLang(lang);
      const fiat = { fiatCurrency: 'VND', fiatRate: '25400', fiatAmount: '2540000' };
      api([
        { ...PROCESSING, ...fiat },
        { ...PAID_BANK, ...fiat },
        { ...REJECTED, ...fiat },
      ]);
      renderScreen(<WithdrawalRecordsPage />, { path: '/withdrawrecord' });
      await screen.findByTestId('withdrawal-1');
      expect(within(card('1')).getByText(toArrive)).toBeInTheDocument();
      expect(within(card('1')).getByText(rate)).toBeInTheDocument();
      expect(card('1')).not.toHaveTextContent(sent);
      expect(within(card('2')).getByText(sent)).toBeInTheDocument();
      expect(within(card('2')).getByText(rate)).toBeInTheDocument();
      expect(card('4')).not.toHaveTextContent(toArrive);
      expect(card('4')).not.toHaveTextContent(sent);
    },
  );
});
