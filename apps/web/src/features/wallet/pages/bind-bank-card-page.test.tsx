import type { UserProfile } from '@app/contract/users';
import type { Bank, BankCard } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import BindBankCardPage from './bind-bank-card-page';

const BANKS = [
  { id: '1', name: 'Example Bank' },
  { id: '2', name: 'Harbour Bank' },
] satisfies Bank[];

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/common/banks': ok<Bank[]>(BANKS),
    '/user/bank_card': ok<BankCard | null>(null),
    '/user/details': ok<UserProfile>(USER_PROFILE),
    ...overrides,
  });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, cardNumber: string) {
  await screen.findByRole('option', { name: 'Harbour Bank' });
  await user.selectOptions(screen.getByLabelText('Bank'), 'Harbour Bank');
  await user.type(screen.getByLabelText('Cardholder name'), 'Alice');
  await user.type(screen.getByLabelText('Card number'), cardNumber);
  await user.type(screen.getByLabelText('Branch address'), 'Main street');
  await user.type(screen.getByLabelText('City'), 'Taipei');
  await user.type(screen.getByLabelText('Province'), 'Taiwan');
}

describe('bind bank card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with no banks configured, the bank field asks for the name to be typed, not chosen', async () => {
    api({ '/common/banks': ok<Bank[]>([]) });
    renderScreen(<BindBankCardPage />, { path: '/bindBankCard' });
    const field = await screen.findByPlaceholderText("Type your bank's name");
    expect(field.tagName).toBe('INPUT');
    expect(screen.queryByPlaceholderText('Choose your bank')).not.toBeInTheDocument();
  });

  it('asks for every required field before the payment password, and calls nothing', async () => {
    const { calls } = api();
    renderScreen(<BindBankCardPage />, { path: '/bindBankCard' });
    await screen.findByRole('option', { name: 'Harbour Bank' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bind card' }));
    for (const prompt of [
      'Please enter the bank name',
      'Please enter the cardholder name',
      'Please enter the card number',
      'Please enter the branch address',
      'Please enter the city',
      'Please enter the province',
    ]) {
      expect(await screen.findByText(prompt)).toBeInTheDocument();
    }
    // The password is the last step, in the sheet: not asked for on the page, and no sheet yet.
    expect(screen.queryByRole('button', { name: 'Payment password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your card' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/save_bank')).toHaveLength(0);
  });

  it('checks the card number, then asks for the payment password in the one sheet, standing on the number pad', async () => {
    const card = { bankName: 'Harbour Bank', holderName: 'Alice', cardNumber: '**** 4321' };
    const { calls } = api({
      '/user/save_bank': ok<BankCard>({
        ...card,
        branch: 'B',
        city: 'C',
        province: 'P',
        remark: null,
        updatedAt: '2025-03-03T10:00:00Z',
        boundAt: '2025-03-03T10:00:00Z',
        usableAt: null,
        currency: null,
      }),
    });
    renderScreen(<BindBankCardPage />, { path: '/bindBankCard', url: '/bindBankCard?redirect=/withdraw' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await fillCard(user, '1234');
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(await screen.findByText('The card number must be 12 to 19 digits')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your card' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Card number'), '5678 9012 4321');
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    const title = await screen.findByRole('heading', { name: 'Confirm your card' });
    // The shared sheet (as withdrawals and earn), on the pad while it is up, with what is bound.
    const sheet = title.closest('.adm-popup-body') as HTMLElement;
    expect(sheet).toHaveClass('sheet');
    await waitFor(() => expect(sheet).toHaveClass('sheet--keypad'));
    expect(within(sheet).getByText('1234 5678 9012 4321')).toBeInTheDocument();
    expect(within(sheet).getByText('Harbour Bank')).toBeInTheDocument();
    await user.keyboard('12345');
    expect(calls.filter((call) => call.path === '/user/save_bank')).toHaveLength(0);
    await user.keyboard('6');
    expect(await screen.findByText('Added Successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/user/save_bank')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/user/save_bank')?.body).toEqual({
      bankName: 'Harbour Bank',
      holderName: 'Alice',
      cardNumber: '1234567890124321',
      branch: 'Main street',
      city: 'Taipei',
      province: 'Taiwan',
      payPassword: '123456',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/withdraw'));
  });

  it("keeps a wrong payment password in the sheet, from empty cells; a field's refusal goes under the field", async () => {
    let answer = fail(422, 2009, 'The payment password is incorrect');
    const { calls } = api({ '/user/save_bank': () => answer });
    renderScreen(<BindBankCardPage />, { path: '/bindBankCard' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await fillCard(user, '1234567890124321');
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    const title = await screen.findByRole('heading', { name: 'Confirm your card' });
    await user.keyboard('111111');
    expect(await screen.findByText('The payment password is incorrect')).toBeInTheDocument();
    const sheet = title.closest('.adm-popup-body') as HTMLElement;
    expect(sheet.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(0);

    answer = fail(422, 1001, 'Please check the highlighted fields', { fields: { city: 'Unknown city' } });
    await user.click(within(sheet).getByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(await screen.findByText('Unknown city')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm your card' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/user/save_bank')).toHaveLength(2);
  });

  it('shows the bound card and says a new one replaces it', async () => {
    api({
      '/user/bank_card': ok<BankCard | null>({
        bankName: 'Example Bank',
        holderName: 'Alice',
        cardNumber: '**** **** **** 4321',
        branch: 'Central',
        city: 'Taipei',
        province: 'Taiwan',
        remark: null,
        updatedAt: '2025-03-02T10:00:00Z',
        boundAt: '2025-03-02T10:00:00Z',
        usableAt: null,
        currency: null,
      }),
    });
    renderScreen(<BindBankCardPage />, { path: '/bindBankCard' });
    expect(await screen.findByText('**** **** **** 4321')).toBeInTheDocument();
    expect(screen.getByText('Binding a new card replaces this one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace card' })).toBeInTheDocument();
  });
});
