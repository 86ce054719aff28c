import type { BalanceList } from '@app/contract/ledger';
import type { UserProfile } from '@app/contract/users';
import type { WealthOrder, WealthProduct, WealthQuote } from '@app/contract/wealth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { BALANCES, fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import { ORDER, PRODUCTS, QUOTE } from '../components/wealth-fixtures';
import WealthDetailPage from './wealth-detail-page';

const DETAILS = '/wealth/details?id=1';
/** A busy machine (two cores shared) can take more than the default second between steps. */
const SLOW = { timeout: 5000 };

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [DETAILS]: ok<WealthProduct>(PRODUCTS[0]!),
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/user/balance_list': ok<BalanceList>(BALANCES),
    '/wealth/buy': (body) => ok<WealthQuote>({ ...QUOTE, amount: (body as { amount: string }).amount }),
    ...overrides,
  });
}

async function typeAmount(amount: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const field = await screen.findByLabelText('Pledge amount');
  await user.clear(field);
  await user.type(field, amount);
  return user;
}

describe('locked deposit detail (/lcdetail)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the terms to a visitor, and buying leads to the login page', async () => {
    const { calls } = api();
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=1' });
    expect(await screen.findByText('0.03%')).toBeInTheDocument();
    expect(screen.getByText('APR 10.95%')).toBeInTheDocument();
    expect(screen.getByText('7 days')).toBeInTheDocument();
    expect(screen.getByText('50,000')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in to buy' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Flcdetail%3Fid%3D1');
    expect(calls.every((call) => !call.path.startsWith('/user/'))).toBe(true);
  });

  it('quotes the amount, then buys with the payment password and an Idempotency-Key', async () => {
    startSession('tok');
    const { calls } = api({ '/wealth/submit': ok<WealthOrder>(ORDER) });
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=1' });
    expect(await screen.findByText('Available: 1,000 USDT')).toBeInTheDocument();
    const user = await typeAmount('1000');
    expect(await screen.findByText('+2.1 USDT')).toBeInTheDocument();
    expect(screen.getByText('Mar 11, 2026')).toBeInTheDocument();
    expect(screen.getByText('Mar 17, 2026')).toBeInTheDocument();
    // The payout moment (00:00 in the platform's zone, UTC here) named in the device's zone.
    expect(screen.getByText(/every day at 00:00 \(UTC\); the principal returns at 00:00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('heading', { name: 'Confirm purchase' })).toBeInTheDocument();
    await user.keyboard('135790');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lcorders'));
    const submit = calls.find((call) => call.path === '/wealth/submit')!;
    expect(submit.body).toEqual({ productId: '1', amount: '1000', payPassword: '135790' });
    expect(submit.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
  });

  it('asks for the password in the one payment sheet: the six cells stand above the number pad as the digits go in', async () => {
    startSession('tok');
    const { calls } = api({ '/wealth/submit': ok<WealthOrder>(ORDER) });
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=1' });
    await screen.findByText('Available: 1,000 USDT', {}, SLOW);
    const user = await typeAmount('1000');
    await screen.findByText('+2.1 USDT', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    const title = await screen.findByRole('heading', { name: 'Confirm purchase' }, SLOW);
    // The shared sheet (as withdrawals and flexible earn), standing on the pad while it is up.
    const sheet = title.closest('.adm-popup-body');
    expect(sheet).toHaveClass('sheet');
    await waitFor(() => expect(sheet).toHaveClass('sheet--keypad'), SLOW);
    expect(document.querySelector('.adm-number-keyboard-popup')).toBeInTheDocument();
    const cells = sheet!.querySelectorAll('.adm-passcode-input-cell');
    expect(cells).toHaveLength(6);

    // Each digit shows in its cell; five send nothing.
    await user.keyboard('13579');
    expect(sheet!.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(5);
    expect(calls.filter((call) => call.path === '/wealth/submit')).toHaveLength(0);
    expect(sheet).toHaveClass('sheet--keypad');

    // The sixth sends the purchase, once.
    await user.keyboard('0');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lcorders'), SLOW);
    const submits = calls.filter((call) => call.path === '/wealth/submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body).toEqual({ productId: '1', amount: '1000', payPassword: '135790' });
  });

  it.each([
    ['1.1234567', 'Incorrect Amount'],
    ['50', 'The single minimum is 100 USDT'],
    ['1000.5', 'More than your available balance'],
  ])('refuses %s before asking the server: %s', async (amount, message) => {
    startSession('tok');
    const { calls } = api();
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=1' });
    await screen.findByText('Available: 1,000 USDT');
    const user = await typeAmount(amount);
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/wealth/submit')).toHaveLength(0);
  });

  it("shows the server's refusal of the quote under the amount", async () => {
    startSession('tok');
    api({
      '/wealth/buy': fail(422, 4504, 'Not enough quota left in this product'),
    });
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=1' });
    await typeAmount('500');
    expect(await screen.findByText('Not enough quota left in this product')).toBeInTheDocument();
  });

  it('says the product is not available for an unknown id', async () => {
    mockApi({
      '/wealth/details?id=9': fail(404, 4501, 'This product is not available'),
    });
    renderScreen(<WealthDetailPage />, { path: '/lcdetail', url: '/lcdetail?id=9' });
    expect(await screen.findByText('This product is not available')).toBeInTheDocument();
  });
});
