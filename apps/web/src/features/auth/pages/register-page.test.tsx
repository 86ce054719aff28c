import type { AuthResponse, UserProfile } from '@app/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCES, CONFIG_REPLY, fail, mockApi, ok, renderScreen } from '../../../test/render';
import RegisterPage from './register-page';

const USER = {
  id: '1',
  username: 'alice01',
  phone: '138****5678',
  inviteCode: 'ABCD1234',
  inviteLink: 'https://example.test/reg?code=ABCD1234',
  registeredAt: '2025-01-01T00:00:00.000Z',
  level: 1,
  kycStatus: 'none',
  hasPayPassword: false,
  hasBankCard: false,
  hasWallet: false,
  mustChangePassword: false,
  twoFactorEnabled: false,
  hasDeposited: false,
  balances: BALANCES,
} satisfies UserProfile;

async function fill(values: Partial<Record<'username' | 'phone' | 'password' | 'confirm', string>>) {
  const user = userEvent.setup();
  const fields = {
    username: screen.getByLabelText('Username'),
    phone: screen.getByLabelText('Phone number'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm password'),
  };
  for (const [name, value] of Object.entries(values)) {
    const input = fields[name as keyof typeof fields];
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  return user;
}

const VALID = { username: 'alice01', phone: '13812345678', password: 'secret-pass', confirm: 'secret-pass' };

describe('register page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every required prompt when submitted empty, and calls nothing', async () => {
    const { calls } = mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill({});
    expect(await screen.findByText('Please enter the username')).toBeInTheDocument();
    expect(screen.getByText('Please enter the phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/register')).toHaveLength(0);
  });

  it('accepts an 18 character username and rejects 19 characters', async () => {
    mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill({ ...VALID, username: 'a'.repeat(19) });
    expect(await screen.findByText('Username: 4 to 18 letters and numbers only')).toBeInTheDocument();
    await fill({ username: 'a'.repeat(18) });
    await waitFor(() =>
      expect(screen.queryByText('Username: 4 to 18 letters and numbers only')).not.toBeInTheDocument(),
    );
  });

  it.each(['alice_01', 'alice 01', 'alicé01', 'al!ce'])(
    'rejects the username %s (letters and digits only)',
    async (username) => {
      mockApi({ '/common/config': CONFIG_REPLY });
      renderScreen(<RegisterPage />, { path: '/reg' });
      await fill({ ...VALID, username });
      expect(await screen.findByText('Username: 4 to 18 letters and numbers only')).toBeInTheDocument();
    },
  );

  it.each([
    ['1381234567', true],
    ['13812345678', false],
    ['138123456789', true],
  ])('phone %s is invalid: %s', async (phone, isInvalid) => {
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/register': ok<AuthResponse>({ token: 't', user: USER }),
    });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill({ ...VALID, phone });
    if (isInvalid) {
      expect(await screen.findByText('The phone number must be exactly 11 digits')).toBeInTheDocument();
    } else {
      await waitFor(() => expect(calls.some((call) => call.path === '/user/register')).toBe(true));
      expect(screen.queryByText('The phone number must be exactly 11 digits')).not.toBeInTheDocument();
    }
  });

  it('says when the two passwords differ', async () => {
    mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill({ ...VALID, confirm: 'secret-pasS' });
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });

  it('refuses a password equal to the username', async () => {
    mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill({ username: 'alice2024', phone: '13812345678', password: 'alice2024', confirm: 'alice2024' });
    expect(await screen.findByText('The password must not be the username')).toBeInTheDocument();
  });

  it('prefills the invitation code from ?code=, registers, stores the token and goes home', async () => {
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/register': ok<AuthResponse>({ token: 'new-token', user: USER }),
    });
    renderScreen(<RegisterPage />, { path: '/reg', url: '/reg?code=ABCD1234' });
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveValue('ABCD1234');
    await fill(VALID);
    expect(await screen.findByText('Sign Up Success,Go to web')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/register')?.body).toEqual({
      username: 'alice01',
      phone: '13812345678',
      password: 'secret-pass',
      inviteCode: 'ABCD1234',
    });
    expect(window.localStorage.getItem('accessToken')).toBe('new-token');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("puts the server's field messages under the fields", async () => {
    mockApi({
      '/common/config': CONFIG_REPLY,
      '/user/register': fail(400, 1001, 'Please check the highlighted fields', {
        fields: { username: 'This username is already registered' },
      }),
    });
    renderScreen(<RegisterPage />, { path: '/reg' });
    await fill(VALID);
    expect(await screen.findByText('This username is already registered')).toBeInTheDocument();
  });
});
