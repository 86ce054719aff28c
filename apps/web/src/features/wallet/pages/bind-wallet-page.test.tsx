import type { UserProfile } from '@app/contract/users';
import type { WalletAddress } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import BindWalletPage from './bind-wallet-page';

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const SAVED = {
  id: '7',
  network: 'TRC20',
  address: ADDRESS,
  label: 'Exchange',
  createdAt: '2025-03-03T10:00:00Z',
  boundAt: '2025-03-03T10:00:00Z',
  usableAt: null,
} satisfies WalletAddress;

describe('bind wallet address (/bindWallet)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the address on the page, then takes the payment password in the one sheet on the number pad', async () => {
    const { calls } = mockApi({
      '/user/getUserWallets': ok<WalletAddress[]>([]),
      '/user/details': ok<UserProfile>(USER_PROFILE),
      '/user/save_wallet': ok<WalletAddress>(SAVED),
    });
    renderScreen(<BindWalletPage />, { path: '/bindWallet', url: '/bindWallet?redirect=/withdraw' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // No password on the page: it is the sheet's.
    const submit = await screen.findByRole('button', { name: 'Add address' });
    expect(screen.queryByRole('button', { name: 'Payment password' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('TRC20 address'), 'T123');
    await user.click(submit);
    expect(await screen.findByText('This is not a valid TRC20 address')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm the address' })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('TRC20 address'));
    await user.type(screen.getByLabelText('TRC20 address'), ADDRESS);
    await user.type(screen.getByLabelText('Label (optional)'), 'Exchange');
    await user.click(submit);
    const title = await screen.findByRole('heading', { name: 'Confirm the address' });
    const sheet = title.closest('.adm-popup-body') as HTMLElement;
    expect(sheet).toHaveClass('sheet');
    await waitFor(() => expect(sheet).toHaveClass('sheet--keypad'));
    expect(within(sheet).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(sheet).getByText('Exchange')).toBeInTheDocument();

    await user.keyboard('24681');
    expect(calls.filter((call) => call.path === '/user/save_wallet')).toHaveLength(0);
    await user.keyboard('0');
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    const saves = calls.filter((call) => call.path === '/user/save_wallet');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ address: ADDRESS, label: 'Exchange', payPassword: '246810' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/withdraw'));
  });

  it('a wrong payment password stays in the sheet, with empty cells for the next try', async () => {
    mockApi({
      '/user/getUserWallets': ok<WalletAddress[]>([]),
      '/user/details': ok<UserProfile>(USER_PROFILE),
      '/user/save_wallet': fail(422, 2009, 'The payment password is incorrect'),
    });
    renderScreen(<BindWalletPage />, { path: '/bindWallet' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('TRC20 address'), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const title = await screen.findByRole('heading', { name: 'Confirm the address' });
    await user.keyboard('111111');
    expect(await screen.findByText('The payment password is incorrect')).toBeInTheDocument();
    const sheet = title.closest('.adm-popup-body') as HTMLElement;
    expect(sheet.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Confirm the address' })).toBeInTheDocument();
  });
});
