import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import ChangePayPasswordPage from './change-pay-password-page';
import SetPayPasswordPage from './set-pay-password-page';

const NULL_OK = ok<null>(null);

async function submit(loginPassword: string, payPassword: string, again: string) {
  const user = userEvent.setup();
  if (loginPassword) await user.type(screen.getByLabelText('Login password'), loginPassword);
  await user.click(screen.getByRole('button', { name: /^(New payment|Payment) password \(6 digits\)$/ }));
  if (payPassword) await user.keyboard(payPassword);
  await user.click(screen.getByRole('button', { name: 'Enter the payment password again' }));
  if (again) await user.keyboard(again);
  await user.click(screen.getByRole('button', { name: /^(Set|Change) payment password$/ }));
  return user;
}

describe('payment password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects 5 digits and calls nothing', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '12345', '12345');
    expect(await screen.findByText('The payment password must be 6 digits')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the login password and the payment password', async () => {
    mockApi({});
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('', '', '');
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument();
    expect(screen.getAllByText('Please enter the payment password')).toHaveLength(2);
  });

  it('says when the two entries differ', async () => {
    mockApi({});
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '123456', '123457');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
  });

  it('sets 6 digits with the login password, then returns to Mine', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '123456', '123456');
    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/user/reset_paypwd',
      body: { password: 'secret-pass', newPayPassword: '123456' },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my'));
  });

  it('ignores a 7th digit and non-digits', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '12a34567', '123456');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ password: 'secret-pass', newPayPassword: '123456' });
  });

  it('changes it on /resetTxpassword and shows a wrong login password under the field', async () => {
    mockApi({
      '/user/reset_paypwd': fail(422, 1001, 'Please check the highlighted fields', {
        fields: { password: 'Incorrect password' },
      }),
    });
    renderScreen(<ChangePayPasswordPage />, { path: '/resetTxpassword' });
    expect(screen.getByRole('heading', { name: 'Change payment password' })).toBeInTheDocument();
    await submit('wrong-pass', '654321', '654321');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
  });
});
