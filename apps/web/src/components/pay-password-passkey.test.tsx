import type { UserProfile } from '@app/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/api-error';
import { AUTHENTICATION_OPTIONS, installFakeWebAuthn } from '../test/fake-webauthn';
import { mockApi, ok, renderScreen, USER_PROFILE } from '../test/render';
import { PayPasswordSheet, usePayPasswordStep } from './pay-password-sheet';

/** A money move's last step, as the withdraw screen uses it: the sheet, and the server's refusals put back in it. */
function Harness({ send }: { send: (payPassword: string, code?: string) => Promise<void> }) {
  const step = usePayPasswordStep();
  const [isPending, setIsPending] = useState(false);
  const [done, setDone] = useState(false);
  const onSubmit = async (payPassword: string, code?: string) => {
    setIsPending(true);
    try {
      await send(payPassword, code);
      step.close();
      setDone(true);
    } catch (failure) {
      step.refuse(failure);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <>
      <button type="button" onClick={step.open}>
        Move money
      </button>
      {done && <p>Moved</p>}
      <PayPasswordSheet
        isOpen={step.isOpen}
        onClose={step.close}
        onSubmit={(p, c) => void onSubmit(p, c)}
        isPending={isPending}
        error={step.error}
        codeError={step.codeError}
        requiredMessage="pay_password_required"
        titleId="move"
        title="Confirm"
        passwordLabel="Payment password"
        submitText="Confirm"
      />
    </>
  );
}

async function typePayPassword() {
  // The sheet ignores the pointer while it slides in; a user's tap comes after that.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(screen.getByRole('button', { name: 'Move money' }));
  await user.click(await screen.findByRole('button', { name: 'Payment password' }));
  await user.keyboard('123456');
  return user;
}

describe('payment password sheet with a passkey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.removeItem('accessToken');
  });

  it('a passkey-only user confirms with "Use passkey": the answer goes in twoFactorCode', async () => {
    installFakeWebAuthn();
    window.localStorage.setItem('accessToken', 'tok');
    const { calls } = mockApi({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, hasPasskey: true }),
      '/user/passkeys/money_move_options': ok<{ options: Record<string, unknown> }>({
        options: AUTHENTICATION_OPTIONS,
      }),
    });
    const send = vi.fn(async () => {});
    renderScreen(<Harness send={send} />);
    await waitFor(() => expect(calls.some((c) => c.path === '/user/details')).toBe(true));
    const user = await typePayPassword();
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Authenticator code (6 digits)' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByText('Moved')).toBeInTheDocument();
    const [payPassword, code] = send.mock.calls[0] as unknown as [string, string];
    expect(payPassword).toBe('123456');
    expect(code).toMatch(/^passkey:[A-Za-z0-9_-]+$/);
    const answer = JSON.parse(atob(code.slice('passkey:'.length).replace(/-/g, '+').replace(/_/g, '/')));
    expect(answer.id).toBe('Y3JlZA');
  });

  it('a cancelled prompt says so in the sheet; a refused answer too; the code stays possible with TOTP on', async () => {
    const webAuthn = installFakeWebAuthn('cancel');
    window.localStorage.setItem('accessToken', 'tok');
    const { calls } = mockApi({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, hasPasskey: true, twoFactorEnabled: true }),
      '/user/passkeys/money_move_options': ok<{ options: Record<string, unknown> }>({
        options: AUTHENTICATION_OPTIONS,
      }),
    });
    const send = vi.fn(async (_p: string, code?: string) => {
      if (code?.startsWith('passkey:')) {
        throw new ApiError({
          status: 422,
          code: 2123,
          msg: 'This passkey answer was refused (it may have been copied or replayed)',
        });
      }
    });
    renderScreen(<Harness send={send} />);
    await waitFor(() => expect(calls.some((c) => c.path === '/user/details')).toBe(true));
    const user = await typePayPassword();
    expect(await screen.findByText('or enter the code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect(await screen.findByText(/The passkey prompt was cancelled or timed out/)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    expect(webAuthn.get).toHaveBeenCalledTimes(1);

    installFakeWebAuthn('answer');
    await user.click(screen.getByRole('button', { name: 'Use passkey' }));
    expect(
      await screen.findByText('This passkey answer was refused (it may have been copied or replayed)'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Authenticator code (6 digits)' }));
    await user.keyboard('654321');
    expect(await screen.findByText('Moved')).toBeInTheDocument();
    expect(send).toHaveBeenLastCalledWith('123456', '654321');
  });
});
