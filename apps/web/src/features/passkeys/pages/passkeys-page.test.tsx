import type { Passkey, PasskeyList } from '@app/contract/passkeys';
import type { UserProfile } from '@app/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { setToken } from '../../../lib/storage';
import { AUTHENTICATION_OPTIONS, installFakeWebAuthn, REGISTRATION_OPTIONS } from '../../../test/fake-webauthn';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import PasskeysPage from './passkeys-page';

const PHONE: Passkey = {
  id: '7',
  name: 'My phone',
  createdAt: '2026-11-20T08:00:00Z',
  lastUsedAt: '2026-11-24T09:30:00Z',
  isBackedUp: true,
};
const LAPTOP: Passkey = {
  id: '8',
  name: 'Laptop',
  createdAt: '2026-11-21T08:00:00Z',
  lastUsedAt: null,
  isBackedUp: false,
};

describe('passkeys (/passkeys)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    setToken(null);
    await act(() => changeLang('en'));
  });

  it('lists each passkey with its name, when it was added and last used', async () => {
    mockApi({ '/user/passkeys/list': ok<PasskeyList>({ list: [PHONE, LAPTOP] }) });
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    const rows = await screen.findAllByTestId('passkey-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('My phone');
    expect(rows[0]).toHaveTextContent('Synced');
    expect(rows[0]).toHaveTextContent(/Last used .*2026/);
    expect(rows[1]).toHaveTextContent('Laptop');
    expect(rows[1]).toHaveTextContent('Never used');
  });

  it('adds a named passkey: the password, the browser prompt, then the answer with the name', async () => {
    const { create } = installFakeWebAuthn();
    let list: Passkey[] = [];
    const { calls } = mockApi({
      '/user/passkeys/list': () => ok<PasskeyList>({ list }),
      '/user/passkeys/register_options': ok<{ options: Record<string, unknown> }>({ options: REGISTRATION_OPTIONS }),
      '/user/passkeys/register': () => {
        list = [{ ...LAPTOP, name: 'Work laptop' }];
        return ok<Passkey>(list[0]!);
      },
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please name the passkey')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Work laptop');
    await user.type(screen.getByLabelText('Login password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === '/user/passkeys/register_options')?.body).toEqual({
      password: 'correct-horse-1',
    });
    const registered = calls.find((c) => c.path === '/user/passkeys/register')?.body as {
      name: string;
      response: { id: string };
    };
    expect(registered.name).toBe('Work laptop');
    expect(registered.response.id).toBe('Y3JlZA');
  });

  it('a cancelled browser prompt says so, and nothing is registered', async () => {
    installFakeWebAuthn('cancel');
    const { calls } = mockApi({
      '/user/passkeys/list': ok<PasskeyList>({ list: [] }),
      '/user/passkeys/register_options': ok<{ options: Record<string, unknown> }>({ options: REGISTRATION_OPTIONS }),
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Name'), 'Phone');
    await user.type(screen.getByLabelText('Login password'), 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey prompt was cancelled or timed out');
    expect(calls.some((c) => c.path === '/user/passkeys/register')).toBe(false);
  });

  it('a wrong password is shown under the password', async () => {
    installFakeWebAuthn();
    mockApi({
      '/user/passkeys/list': ok<PasskeyList>({ list: [] }),
      '/user/passkeys/register_options': fail(422, 2005, 'Incorrect password'),
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText('Name'), 'Phone');
    await user.type(screen.getByLabelText('Login password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
  });

  it('renames one, and removes one with the login password and a passkey', async () => {
    const { get } = installFakeWebAuthn();
    let list = [PHONE, LAPTOP];
    const { calls } = mockApi({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, twoFactorEnabled: false, hasPasskey: true }),
      '/user/passkeys/money_move_options': ok<{ options: Record<string, unknown> }>({
        options: AUTHENTICATION_OPTIONS,
      }),
      '/user/passkeys/list': () => ok<PasskeyList>({ list }),
      '/user/passkeys/rename': (body) => {
        const { id, name } = body as { id: string; name: string };
        list = list.map((p) => (p.id === id ? { ...p, name } : p));
        return ok<null>(null);
      },
      '/user/passkeys/remove': (body) => {
        list = list.filter((p) => p.id !== (body as { id: string }).id);
        return ok<null>(null);
      },
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    const [phone] = await screen.findAllByTestId('passkey-row');
    await user.click(within(phone!).getByRole('button', { name: 'Rename' }));
    const name = within(phone!).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Old phone');
    await user.click(within(phone!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Old phone')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/user/passkeys/rename')?.body).toEqual({ id: '7', name: 'Old phone' });

    const laptop = screen.getAllByTestId('passkey-row')[1]!;
    await user.click(within(laptop).getByRole('button', { name: 'Remove' }));
    expect(within(laptop).getByText('Remove “Laptop”?')).toBeInTheDocument();
    expect(
      within(laptop).getByText('Remove asks a passkey next (this one or another) to confirm.'),
    ).toBeInTheDocument();
    await user.click(within(laptop).getByRole('button', { name: 'Remove' }));
    expect(within(laptop).getByText('Please enter the password')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    await user.type(within(laptop).getByLabelText('Login password'), 'correct-horse-1');
    await user.click(within(laptop).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-row')).toHaveLength(1));
    expect(get).toHaveBeenCalledTimes(1);
    const removed = calls.find((c) => c.path === '/user/passkeys/remove')?.body as Record<string, string>;
    expect(removed).toMatchObject({ id: '8', password: 'correct-horse-1' });
    expect(removed.twoFactorCode).toMatch(/^passkey:[A-Za-z0-9_-]+$/);
  });

  it('with two-factor authentication on, removing asks the password and a code (or a passkey); a wrong code is shown under it', async () => {
    installFakeWebAuthn();
    setToken('user-token'); // the profile (is two-factor authentication on?) is read with a session
    let list = [PHONE];
    const { calls } = mockApi({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, twoFactorEnabled: true, hasPasskey: true }),
      '/user/passkeys/list': () => ok<PasskeyList>({ list }),
      '/user/passkeys/remove': (body) => {
        if ((body as { twoFactorCode: string }).twoFactorCode !== '123456') {
          return fail(422, 2102, 'The verification code is not correct');
        }
        list = [];
        return ok<null>(null);
      },
    });
    const user = userEvent.setup();
    renderScreen(<PasskeysPage />, { path: '/passkeys' });
    const [phone] = await screen.findAllByTestId('passkey-row');
    await user.click(within(phone!).getByRole('button', { name: 'Remove' }));
    const codeField = await within(phone!).findByLabelText('Authenticator code or recovery code');
    expect(within(phone!).getByRole('button', { name: 'Use passkey' })).toBeInTheDocument();
    await user.type(within(phone!).getByLabelText('Login password'), 'correct-horse-1');
    await user.click(within(phone!).getByRole('button', { name: 'Remove' }));
    expect(within(phone!).getByText('Please enter the verification code')).toBeInTheDocument();
    await user.type(codeField, '000000');
    await user.click(within(phone!).getByRole('button', { name: 'Remove' }));
    expect(await within(phone!).findByText('The verification code is not correct')).toBeInTheDocument();
    expect(codeField).toHaveValue('');
    await user.type(codeField, '123456');
    await user.click(within(phone!).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/passkeys/remove').map((c) => c.body)).toEqual([
      { id: '7', password: 'correct-horse-1', twoFactorCode: '000000' },
      { id: '7', password: 'correct-horse-1', twoFactorCode: '123456' },
    ]);
  });

  it('the removal asks its second factor in Vietnamese and Traditional Chinese', async () => {
    setToken('user-token');
    mockApi({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, twoFactorEnabled: true, hasPasskey: true }),
      '/user/passkeys/list': ok<PasskeyList>({ list: [PHONE] }),
    });
    const user = userEvent.setup();
    for (const [lang, remove, code] of [
      ['vn', 'Xóa', 'Mã xác thực hoặc mã khôi phục'],
      ['zn', '移除', '驗證碼或備用碼'],
    ] as const) {
      await act(() => changeLang(lang));
      const { unmount } = renderScreen(<PasskeysPage />, { path: '/passkeys' });
      const [phone] = await screen.findAllByTestId('passkey-row');
      await user.click(within(phone!).getByRole('button', { name: remove }));
      expect(await within(phone!).findByLabelText(code)).toBeInTheDocument();
      unmount();
    }
  });
});
