import type { BalanceList } from '@app/contract/ledger';
import type { UserProfile } from '@app/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { BALANCES, CONFIG_REPLY, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import HomePage from './home-page';

const RICH = { ...BALANCES, available: '1234.5', trading: '100', total: '1334.5' } satisfies BalanceList;

function api() {
  return mockApi({
    '/common/config': CONFIG_REPLY,
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/user/balance_list': ok<BalanceList>(RICH),
  });
}

describe('home (/)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows a signed-in user the total and available balance in USDT, and the quick actions', async () => {
    startSession('tok');
    api();
    renderScreen(<HomePage />);
    const balance = await screen.findByRole('region', { name: 'Total assets (USDT)' });
    expect(await within(balance).findByText('1,334.5')).toBeInTheDocument();
    expect(within(balance).getByText('Available: 1,234.5 USDT')).toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    const links = within(actions).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Deposit', '/recharge'],
      ['Withdraw', '/withdraw'],
      ['Trade', '/hq'],
      ['Earn', '/lc'],
    ]);
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('hides the amounts behind the eye, and remembers it', async () => {
    startSession('tok');
    api();
    const first = renderScreen(<HomePage />);
    const balance = await screen.findByRole('region', { name: 'Total assets (USDT)' });
    await within(balance).findByText('1,334.5');
    const user = userEvent.setup();
    await user.click(within(balance).getByRole('button', { name: 'Hide balance' }));
    expect(within(balance).queryByText('1,334.5')).not.toBeInTheDocument();
    expect(within(balance).queryByText(/1,234\.5/)).not.toBeInTheDocument();
    expect(within(balance).getAllByText(/\*{4}/)).toHaveLength(2);
    first.unmount();

    renderScreen(<HomePage />);
    const again = await screen.findByRole('region', { name: 'Total assets (USDT)' });
    expect(within(again).queryByText('1,334.5')).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Show balance' }));
    expect(await within(again).findByText('1,334.5')).toBeInTheDocument();
  });

  it('keeps the signed-out home: sign-in and sign-up, no balance and no balance call', async () => {
    const { calls } = api();
    renderScreen(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/reg');
    expect(screen.queryByRole('region', { name: 'Total assets (USDT)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/user/balance_list')).toBe(false);
  });
});
