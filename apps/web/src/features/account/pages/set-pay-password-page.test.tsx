import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen } from '../../../test/render';
import ChangePayPasswordPage from './change-pay-password-page';
import SetPayPasswordPage from './set-pay-password-page';

const NULL_OK = ok<null>(null);

/** The login password on the page, then the new payment password twice in the sheet, on its number pad. */
async function submit(loginPassword: string, payPassword: string, again: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  if (loginPassword) await user.type(screen.getByLabelText('Login password'), loginPassword);
  await user.click(screen.getByRole('button', { name: /^(Set|Change) payment password$/ }));
  if (!loginPassword) return user;
  await screen.findByRole('button', { name: /^(New payment|Payment) password \(6 digits\)$/ });
  if (payPassword) await user.keyboard(payPassword);
  if (again) {
    await screen.findByRole('button', { name: 'Enter the payment password again' });
    await user.keyboard(again);
  }
  return user;
}

/** The sheet: the one payment password sheet, standing on the number pad while it is up. */
async function sheetOf(title: string) {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  const sheet = heading.closest('.adm-popup-body') as HTMLElement;
  expect(sheet).toHaveClass('sheet');
  await waitFor(() => expect(sheet).toHaveClass('sheet--keypad'));
  return sheet;
}

describe('payment password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the login password on the page before the sheet opens', async () => {
    const { calls } = mockApi({});
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('', '', '');
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('takes the six digits in the one sheet, twice, with nothing on the page', async () => {
    mockApi({});
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    // No passcode on the page itself: the number pad would cover it.
    expect(document.querySelector('.adm-passcode-input')).toBeNull();
    await submit('secret-pass', '', '');
    const sheet = await sheetOf('Set payment password');
    expect(sheet.querySelectorAll('.adm-passcode-input-cell')).toHaveLength(6);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.keyboard('12345');
    expect(sheet.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(5);
    await user.keyboard('6');
    // The second entry starts from empty cells, in the same sheet.
    expect(await screen.findByRole('button', { name: 'Enter the payment password again' })).toBeInTheDocument();
    expect(sheet.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(0);
    expect(sheet).toHaveClass('sheet--keypad');
  });

  it('says when the two entries differ, and starts again from the first', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '123456', '123457');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Payment password (6 digits)' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sets 6 digits with the login password, then returns to Mine', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '123456', '123456');
    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: '/user/reset_paypwd',
      body: { password: 'secret-pass', newPayPassword: '123456' },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my'));
  });

  it('ignores a 7th digit and non-digits', async () => {
    const { calls } = mockApi({ '/user/reset_paypwd': NULL_OK });
    renderScreen(<SetPayPasswordPage />, { path: '/txpassword' });
    await submit('secret-pass', '12a3456', '123456');
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
    expect(screen.getByRole('heading', { level: 1, name: 'Change payment password' })).toBeInTheDocument();
    await submit('wrong-pass', '654321', '654321');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument());
  });
});
