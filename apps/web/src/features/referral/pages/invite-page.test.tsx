import { DEFAULT_REFERRAL_SETTINGS, type InviteOverview, type ReferralLevel } from '@app/contract/referral';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen } from '../../../test/render';
import InvitePage from './invite-page';

const LEVELS: ReferralLevel[] = DEFAULT_REFERRAL_SETTINGS.levels.map((rule, i) => ({ level: i + 1, ...rule }));
const LINK = 'https://app.example/reg?code=AB12CD34';

const overview = (overrides: Partial<InviteOverview> = {}): InviteOverview => ({
  inviteCode: 'AB12CD34',
  inviteLink: LINK,
  level: 3,
  rateBp: 1000,
  qualifiedInvitees: 3,
  totalInvitees: 2,
  nextLevel: LEVELS[3]!,
  totalCashback: '1234.5',
  currency: 'USDT',
  levels: LEVELS,
  invitees: {
    list: [
      {
        username: 'bo***b',
        phone: '139****0001',
        joinedAt: '2025-04-01T10:00:00Z',
        hasDeposit: true,
        settledOrders: 12,
        volume: '2500',
        cashback: '3.2',
      },
      {
        username: 'c***y',
        phone: '139****0002',
        joinedAt: '2025-04-03T10:00:00Z',
        hasDeposit: false,
        settledOrders: 0,
        volume: '0',
        cashback: '0',
      },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
  },
  ...overrides,
});

describe('invite friends (/yqhy)', () => {
  // user-event puts a clipboard of its own on navigator; the app uses it only in a secure context.
  beforeEach(() => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code, link, QR code, level, cashback, the level table and the masked invitees', async () => {
    const { calls } = mockApi({ '/user/invite': ok<InviteOverview>(overview()) });
    renderScreen(<InvitePage />, { path: '/yqhy' });
    expect(await screen.findByTestId('invite-link')).toHaveTextContent(LINK);
    expect(screen.getByTestId('invite-code')).toHaveTextContent('AB12CD34');
    expect(screen.getByTestId('invite-level')).toHaveTextContent('Lv.3');
    expect(screen.getByText('1,234.5')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code of your invitation link' });
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);

    // Level 3 of 9 is highlighted; two more qualified friends reach level 4 (5 needed).
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.getAttribute('aria-current') === 'true').map((row) => row.textContent)).toEqual([
      'Lv.3≥ 310%',
    ]);
    expect(screen.getByText('Invite 2 more with an approved deposit to reach Lv.4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    const bob = screen.getByRole('article', { name: 'bo***b' });
    expect(within(bob).getByText('Deposited')).toBeInTheDocument();
    expect(within(bob).getByText('Orders 12 · Volume 2,500 USDT')).toBeInTheDocument();
    expect(within(bob).getByText('Cashback +3.2')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'c***y' })).getByText('No deposit yet')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/invite')?.body).toEqual({ page: 1, pageSize: 20 });
  });

  it("copies the link and says 'Copy Successfully'", async () => {
    mockApi({ '/user/invite': ok<InviteOverview>(overview()) });
    renderScreen(<InvitePage />, { path: '/yqhy' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await screen.findByText('Copy Successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy invitation code' }));
    expect(await navigator.clipboard.readText()).toBe('AB12CD34');
  });

  it('with no invitees yet says so, and at the top level says that', async () => {
    mockApi({
      '/user/invite': ok<InviteOverview>(
        overview({
          level: 9,
          rateBp: 3000,
          nextLevel: null,
          invitees: { list: [], total: 0, page: 1, pageSize: 20 },
          totalInvitees: 0,
        }),
      ),
    });
    renderScreen(<InvitePage />, { path: '/yqhy' });
    expect(await screen.findByText('No friends yet. Share your link to invite them.')).toBeInTheDocument();
    expect(screen.getByText('You have reached the top level')).toBeInTheDocument();
    expect(screen.getByText('Cashback rate').nextElementSibling).toHaveTextContent('30%');
  });
});
