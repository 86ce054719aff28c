import type { UserProfile } from '@app/contract/users';
import type { WalletAddress } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import BindWalletPage from './bind-wallet-page';

/** Issue 14: removing an address is immediate, confirmed by the payment password. */
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BOUND = {
  id: '7',
  network: 'TRC20',
  address: ADDRESS,
  label: null,
  createdAt: '2025-03-03T10:00:00Z',
  boundAt: '2025-03-03T10:00:00Z',
  usableAt: null,
} satisfies WalletAddress;

describe('remove an address (/bindWallet)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('removes it with the payment password; the list shows it gone', async () => {
    const { calls } = mockApi({
      '/user/getUserWallets': ok<WalletAddress[]>([BOUND]),
      '/user/details': ok<UserProfile>(USER_PROFILE),
      '/user/remove_wallet': ok<WalletAddress[]>([]),
    });
    renderScreen(<BindWalletPage />, { path: '/bindWallet' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: `Remove address ${ADDRESS}` }));
    const sheet = (await screen.findByRole('heading', { name: 'Remove this address' })).closest(
      '.adm-popup-body',
    ) as HTMLElement;
    expect(within(sheet).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(sheet).getByText(/Removing is immediate/)).toBeInTheDocument();
    await user.keyboard('135790');
    expect(await screen.findByText('Address removed')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/remove_wallet')?.body).toEqual({
      walletId: '7',
      payPassword: '135790',
    });
    await waitFor(() => expect(screen.queryByText(ADDRESS)).not.toBeInTheDocument());
  });

  it('a wrong payment password stays in the sheet and removes nothing', async () => {
    mockApi({
      '/user/getUserWallets': ok<WalletAddress[]>([BOUND]),
      '/user/details': ok<UserProfile>(USER_PROFILE),
      '/user/remove_wallet': fail(422, 2009, 'Incorrect payment password'),
    });
    renderScreen(<BindWalletPage />, { path: '/bindWallet' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: `Remove address ${ADDRESS}` }));
    await screen.findByRole('heading', { name: 'Remove this address' });
    await user.keyboard('000000');
    expect(await screen.findByText('Incorrect payment password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Remove this address' })).toBeInTheDocument();
    expect(screen.getAllByText(ADDRESS).length).toBeGreaterThan(0);
  });
});
