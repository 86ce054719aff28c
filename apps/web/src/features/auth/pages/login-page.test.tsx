import type { AuthResponse, LoginResponse, UserProfile } from '@app/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCES, fail, mockApi, ok, renderScreen } from '../../../test/render';
import LoginPage from './login-page';

const USER = {
  id: '1',
  username: 'alice01',
  phone: '138****5678',
  inviteCode: 'ABCD1234',
  inviteLink: 'https://example.test/reg?code=ABCD1234',
  registeredAt: '2025-01-01T00:00:00.000Z',
  level: 3,
  kycStatus: 'approved',
  hasPayPassword: true,
  hasBankCard: true,
  hasWallet: false,
  mustChangePassword: false,
  twoFactorEnabled: false,
  hasDeposited: false,
  balances: BALANCES,
} satisfies UserProfile;

async function logIn(account: string, password: string) {
  const user = userEvent.setup();
  if (account) await user.type(screen.getByLabelText('Username or phone'), account);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields before calling the server', async () => {
    const { calls } = mockApi({});
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('', '');
    expect(await screen.findByText('Please enter the username or phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the login fails", async () => {
    mockApi({ '/user/login': fail(404, 1303, 'User Does Not Exist') });
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('nobody', 'whatever1');
    expect(await screen.findByText('User Does Not Exist')).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('logs in, stores the token and returns to the page that asked for login', async () => {
    const { calls } = mockApi({
      '/user/login': ok<AuthResponse>({ token: 'tok', user: USER }),
    });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?redirect=%2Fmy' });
    await logIn('13812345678', 'secret-pass');
    expect(await screen.findByText('Successful Login,Going To Home Page')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ username: '13812345678', password: 'secret-pass' });
    expect(window.localStorage.getItem('accessToken')).toBe('tok');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my'));
  });

  it('sends a user with a one-time password to change it first', async () => {
    mockApi({
      '/user/login': ok<AuthResponse>({ token: 'tok', user: { ...USER, mustChangePassword: true } }),
    });
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('alice01', 'OneTime-123');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/loginpassword'));
  });

  it('does not follow a redirect to another site', async () => {
    mockApi({ '/user/login': ok<AuthResponse>({ token: 'tok', user: USER }) });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?redirect=%2F%2Fevil.example' });
    await logIn('alice01', 'secret-pass');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('with two-factor on, asks the authenticator code after the password and logs in with it', async () => {
    const { calls } = mockApi({
      '/user/login': ok<LoginResponse>({
        twoFactorRequired: true,
        challenge: 'c'.repeat(43),
        expiresAt: '2026-11-24T12:05:00.000Z',
      }),
      '/user/login_two_factor': (body) =>
        (body as { code: string }).code === '123456'
          ? ok<AuthResponse>({ token: 'tok2', user: { ...USER, twoFactorEnabled: true } })
          : fail(422, 2102, 'The verification code is not correct'),
    });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?redirect=%2Fmy' });
    await logIn('alice01', 'secret-pass');
    expect(await screen.findByText('Two-factor authentication')).toBeInTheDocument();
    expect(screen.getByText(/Enter the 6-digit code from your authenticator app/)).toBeInTheDocument();
    // No session yet: the password alone signs nobody in.
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('The verification code is not correct')).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    await user.type(screen.getByLabelText('Verification code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Successful Login,Going To Home Page')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ challenge: 'c'.repeat(43), code: '123456' });
    expect(window.localStorage.getItem('accessToken')).toBe('tok2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my'));
  });

  it('explains that customer support resets a forgotten password', async () => {
    mockApi({});
    renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByText(/Customer support resets login passwords/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/kf');
  });
});
