import type { AuthResponse } from '@app/contract/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHENTICATION_OPTIONS, installFakeWebAuthn } from '../../../test/fake-webauthn';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import LoginPage from './login-page';

describe('login page: sign in with a passkey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.removeItem('accessToken');
  });

  it('asks the browser for any passkey of the site and opens the session with its answer', async () => {
    const { get } = installFakeWebAuthn();
    const { calls } = mockApi({
      '/user/passkeys/login_options': ok<{ options: Record<string, unknown> }>({ options: AUTHENTICATION_OPTIONS }),
      '/user/login_passkey': ok<AuthResponse>({ token: 'passkey-token', user: USER_PROFILE }),
    });
    renderScreen(<LoginPage />, { path: '/login', url: '/login?redirect=%2Fmy' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Successful Login,Going To Home Page')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    const sent = calls.find((c) => c.path === '/user/login_passkey')?.body as { response: { id: string } } | undefined;
    expect(sent?.response.id).toBe('Y3JlZA');
    expect(window.localStorage.getItem('accessToken')).toBe('passkey-token');
    expect(screen.getByTestId('location')).toHaveTextContent('/my');
  });

  it('a cancelled prompt says so and signs nobody in', async () => {
    installFakeWebAuthn('cancel');
    const { calls } = mockApi({
      '/user/passkeys/login_options': ok<{ options: Record<string, unknown> }>({ options: AUTHENTICATION_OPTIONS }),
    });
    renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey prompt was cancelled or timed out. Nothing was sent; try again when ready.',
    );
    expect(calls.some((c) => c.path === '/user/login_passkey')).toBe(false);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it("the server's refusal (a removed passkey) is shown", async () => {
    installFakeWebAuthn();
    mockApi({
      '/user/passkeys/login_options': ok<{ options: Record<string, unknown> }>({ options: AUTHENTICATION_OPTIONS }),
      '/user/login_passkey': fail(422, 2121, 'This passkey is not registered to this account'),
    });
    renderScreen(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered to this account');
  });
});
