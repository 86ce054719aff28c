import type { AdminAuthResponse, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const OWNER = adminProfile('owner', { username: 'root', totpEnabled: true });
const EMPTY_PAGE = { list: [], total: 0, page: 1, pageSize: 20 };

describe('login', () => {
  test('asks for the authenticator code when the server wants one, then lands on Users', async () => {
    const api = mockApi({
      'POST /api/admin/auth/login': ({ body }) => {
        const { totp } = body as { totp?: string };
        if (!totp) return fail(422, 3002, 'Please enter the authenticator code');
        if (totp !== '123456') return fail(422, 3003, 'The authenticator code is not valid');
        return ok<AdminAuthResponse>({ token: 'tok-1', admin: OWNER, expiresAt: '2026-01-01T08:00:00.000Z' });
      },
      'GET /api/admin/users': () => ok<Page<AdminUser>>(EMPTY_PAGE),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/users');

    // No session: the protected page sends the operator to the login screen.
    await user.type(await screen.findByLabelText('Username'), 'root');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Second step: a wrong code is refused and the operator stays on the step.
    await user.type(await screen.findByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The authenticator code is not valid')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();

    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
    expect(localStorage.getItem('adminToken')).toBe('tok-1');

    const logins = api.callsTo('POST', '/api/admin/auth/login');
    expect(logins.map((call) => call.body)).toEqual([
      { username: 'root', password: 'correct horse' },
      { username: 'root', password: 'correct horse', totp: '000000' },
      { username: 'root', password: 'correct horse', totp: '123456' },
    ]);
    expect(logins[0]?.headers.get('Accept-Language')).toBe('en');
    // The session token is sent from then on.
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/users').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/api/admin/users')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  test('shows the server message for wrong credentials and stays on the first step', async () => {
    mockApi({ 'POST /api/admin/auth/login': () => fail(422, 3001, 'Wrong username or password') });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'root');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });

  test('an expired session (401) clears the token and goes back to login', async () => {
    localStorage.setItem('adminToken', 'stale');
    mockApi({ 'GET /api/admin/auth/me': () => fail(401, 1102, 'Your session has expired, please log in again') });
    const { router } = renderApp('/users');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
