import type { FairKey } from '@app/contract/fair';
import type { FairReceipt } from '@app/contract/fair-receipt';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import {
  makeReceipt,
  OTHER_KEY_PEM,
  PUBLIC_KEY_PEM,
  simulatedParts,
  streamedParts,
  T0,
} from '../verify/receipt-fixture.test-support';
import ReceiptPage from './receipt-page';

const KEY = ok<FairKey>({ pem: PUBLIC_KEY_PEM, hex: '' });

function show(receipt: FairReceipt, key = KEY) {
  mockApi({ [`/fair/receipt?order=${receipt.order.id}`]: ok<FairReceipt>(receipt), '/fair/key': key });
  return renderScreen(<ReceiptPage />, { path: '/fairverify', url: `/fairverify?order=${receipt.order.id}` });
}

const stateOf = (name: string) =>
  screen.getByTestId(`receipt-check-${name}`).className.replace(/.*receipt-check--/, '');

describe('verify an order (/fairverify)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('a genuine receipt of a simulated order: every check ticked, and the result in words', async () => {
    const parts = simulatedParts();
    show(makeReceipt(parts));
    expect(await screen.findByText(/Every check passed/)).toBeVisible();
    const names = [
      'shape',
      'chain',
      'checkpoint_head',
      'checkpoint_hash',
      'signature',
      'published_key',
      'commitments',
      'path',
      'entry',
      'exit',
      'result',
      'payout',
    ];
    expect(names.map(stateOf)).toEqual(names.map(() => 'ok'));
    expect(screen.getByTestId('receipt-check-path')).toHaveTextContent('Recomputed from the seeds (prices: 51)');
    expect(screen.getByTestId('receipt-check-entry')).toHaveTextContent(
      'Entry: the first price after your order was accepted',
    );
    // The fixture's entry and exit (server-computed path); the sentence says which side won.
    const outcome = screen.getByTestId('receipt-outcome').textContent!;
    expect(outcome).toMatch(
      /^Exit [\d,]+\.\d\d [<>] entry [\d,]+\.\d\d: rise (wins; payout 185|loses; payout 0) USDT$/,
    );
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'How this works' })).toHaveAttribute('href', '/fair');
  });

  it('a streamed order: the result as "exit > entry: rise wins; payout 185", no seed to check', async () => {
    show(makeReceipt(streamedParts()));
    expect(await screen.findByTestId('receipt-outcome')).toHaveTextContent(
      'Exit 87,250.44 > entry 87,250.15: rise wins; payout 185 USDT',
    );
    expect(screen.queryByTestId('receipt-check-commitments')).toBeNull();
    expect(screen.getByText(/there is no seed or path to check/)).toBeVisible();
    expect(screen.getByTestId('receipt-check-exit')).toHaveTextContent('87,250.44 at');
  });

  it('a changed payout: a cross on the payout with both figures, and no claim that it holds', async () => {
    const receipt = makeReceipt(streamedParts());
    receipt.order.payout = '186';
    show(receipt);
    expect(await screen.findByText(/A check failed/)).toBeVisible();
    expect(stateOf('payout')).toBe('failed');
    expect(stateOf('result')).toBe('ok');
    expect(screen.getByTestId('receipt-check-payout')).toHaveTextContent(
      'The rule gives 185 USDT; the order says 186 USDT',
    );
    expect(screen.queryByText(/Every check passed/)).toBeNull();
    // No result is claimed from prices a check did not establish.
    expect(screen.queryByTestId('receipt-outcome')).toBeNull();
  });

  it('a receipt signed by a key other than the published one fails that check', async () => {
    show(makeReceipt(streamedParts()), ok<FairKey>({ pem: OTHER_KEY_PEM, hex: '' }));
    await screen.findByText(/A check failed/);
    expect(stateOf('published_key')).toBe('failed');
    expect(stateOf('signature')).toBe('ok');
  });

  it('not yet verifiable: says when it will be, in local time, and ticks nothing', async () => {
    const receipt = {
      ...makeReceipt(streamedParts()),
      checkpoint: null,
      verifiable: false,
      verifiableAtMs: T0 + 180_000,
    };
    show(receipt);
    expect(await screen.findByTestId('receipt-pending')).toHaveTextContent(
      'The receipt can be checked from Nov 18, 2026, 11:10:00 UTC',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Not yet verifiable' })).toBeVisible();
    expect(screen.queryByTestId('receipt-check-chain')).toBeNull();
  });

  it('never verifiable (its ticks were pruned): says so, and that a receipt saved earlier stays valid', async () => {
    const receipt = { ...makeReceipt(streamedParts()), checkpoint: null, verifiable: false, verifiableAtMs: null };
    show(receipt);
    expect(await screen.findByTestId('receipt-pending')).toHaveTextContent('A receipt downloaded earlier stays valid.');
    expect(screen.getByRole('heading', { level: 2, name: 'No longer verifiable' })).toBeVisible();
  });

  it('an open order without a time yet: checkable once it settles', async () => {
    const base = makeReceipt(streamedParts());
    const receipt = {
      ...base,
      order: { ...base.order, status: 'open' as const, payout: null },
      checkpoint: null,
      verifiable: false,
      verifiableAtMs: null,
    };
    show(receipt);
    expect(await screen.findByTestId('receipt-pending')).toHaveTextContent(
      'The receipt can be checked once the order has settled.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Not yet verifiable' })).toBeVisible();
  });

  it("someone else's order: the server's answer", async () => {
    mockApi({ '/fair/receipt?order=99': fail(404, 4207, 'Order not found'), '/fair/key': KEY });
    renderScreen(<ReceiptPage />, { path: '/fairverify', url: '/fairverify?order=99' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });

  it('without WebCrypto (no https) it says so instead of ticking anything', async () => {
    show(makeReceipt(streamedParts()));
    vi.stubGlobal('crypto', {});
    expect(await screen.findByText(/cannot compute SHA-256 on this connection/)).toBeVisible();
    expect(screen.queryByText(/Every check passed/)).toBeNull();
  });

  it.each([
    [
      'vn',
      'Kiểm chứng lệnh',
      'Mọi kiểm tra đều đạt',
      'Giá đóng 87.250,44 > giá vào 87.250,15: mua lên thắng; trả 185 USDT',
    ],
    ['zn', '驗證訂單', '全部驗證通過', '平倉 87,250.44 > 開倉 87,250.15：買漲獲勝；派彩 185 USDT'],
  ] as const)('in %s', async (lang, title, verdict, outcome) => {
    await act(() => changeLang(lang));
    show(makeReceipt(streamedParts()));
    expect(await screen.findByText(new RegExp(verdict))).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByTestId('receipt-outcome')).toHaveTextContent(outcome);
  });
});
