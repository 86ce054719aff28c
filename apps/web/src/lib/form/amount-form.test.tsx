import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AmountField } from '../../components/amount-field';
import { PayPasswordForm, usePayPasswordEntry } from '../../components/pay-password-sheet';
import { useAmountForm } from './amount-form';
import { type AmountRules, amountProblem } from './amount-rules';

const WITHDRAW: AmountRules = {
  required: 'withdrawal_amount_required',
  invalid: 'amount_invalid',
  min: '10',
  belowMin: 'The minimum is 10 USDT',
  max: '250',
  aboveMax: 'More than your available balance',
};

function AmountForm({ rules, isLive, onSend }: { rules: AmountRules; isLive?: boolean; onSend: (a: string) => void }) {
  const amount = useAmountForm(rules, { isLive });
  return (
    <form onSubmit={amount.onSubmit(onSend)} noValidate>
      <AmountField
        label="Amount"
        {...amount.input}
        error={amount.error}
        all={{ label: 'All', isDisabled: false, onClick: () => amount.fill(rules.max) }}
      />
      <button type="submit">Send</button>
      <button type="button" onClick={() => amount.refuse('Not enough quota left in this product')}>
        Server says no
      </button>
    </form>
  );
}

function renderForm(rules: AmountRules, isLive = false) {
  const onSend = vi.fn();
  const view = render(<AmountForm rules={rules} isLive={isLive} onSend={onSend} />);
  const rerender = (next: AmountRules) => view.rerender(<AmountForm rules={next} isLive={isLive} onSend={onSend} />);
  return { onSend, rerender, user: userEvent.setup(), field: screen.getByLabelText('Amount') };
}

describe('the amount form', () => {
  it('sends only an amount within the rules, each refusal with its own message', async () => {
    const { onSend, user, field } = renderForm(WITHDRAW);
    for (const [typed, message] of [
      ['', 'Please enter the withdrawal amount'],
      ['1.1234567', 'Incorrect Amount'],
      ['0', 'Incorrect Amount'],
      ['9.99', 'The minimum is 10 USDT'],
      ['250.000001', 'More than your available balance'],
    ] as const) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    }
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, ' 250 ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('250'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('typing clears the message until the next send; All fills in the most', async () => {
    const { user, field } = renderForm(WITHDRAW);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The minimum is 10 USDT')).toBeInTheDocument();
    await user.type(field, '0000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('More than your available balance')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(field).toHaveValue('250');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the field until the amount changes", async () => {
    const { user, field } = renderForm(WITHDRAW);
    await user.type(field, '100');
    await user.click(screen.getByRole('button', { name: 'Server says no' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough quota left in this product');
    await user.type(field, '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('live: says nothing until the field is left, then follows the typing and the limits; empty waits silently', async () => {
    const stake: AmountRules = {
      required: null,
      invalid: 'Incorrect Amount',
      min: '10',
      belowMin: 'Incorrect Amount',
      max: '1000',
      aboveMax: 'Incorrect Amount',
    };
    const { user, field, rerender, onSend } = renderForm(stake, true);
    await user.type(field, '5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect Amount');
    await user.type(field, '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Another period: 50 is now below the minimum.
    rerender({ ...stake, min: '100' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect Amount');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('amountProblem gives the first refusal, or nothing when the amount can be sent', () => {
    expect(amountProblem(' ', WITHDRAW)).toBe('withdrawal_amount_required');
    expect(amountProblem('12.', WITHDRAW)).toBe('amount_invalid');
    expect(amountProblem('300', { ...WITHDRAW, max: undefined })).toBeUndefined();
    expect(amountProblem('300', { ...WITHDRAW, max: 'not an amount' })).toBeUndefined();
    expect(amountProblem('10', WITHDRAW)).toBeUndefined();
  });
});

function AmountSheet({ onSubmit }: { onSubmit: (amount: string, payPassword: string) => void }) {
  const amount = useAmountForm({ ...WITHDRAW, required: 'amount_required' });
  const entry = usePayPasswordEntry({
    isPending: false,
    requiredMessage: 'pay_password_required',
    check: amount.check,
    clearsOnSend: false,
    onSubmit: (payPassword) => onSubmit(amount.value.trim(), payPassword),
  });
  return (
    <PayPasswordForm
      entry={entry}
      isPending={false}
      titleId="test-sheet"
      title="Move money"
      passwordLabel="Payment password"
      submitText="Send the money"
    >
      <AmountField label="Amount" {...amount.input} error={amount.error} />
    </PayPasswordForm>
  );
}

describe('an amount in the payment password sheet', () => {
  it('is checked before the password; the password is checked before anything is sent', async () => {
    const onSubmit = vi.fn();
    render(<AmountSheet onSubmit={onSubmit} />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(await screen.findByText('Please enter the amount')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the payment password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount'), '20');
    await user.click(screen.getByRole('button', { name: 'Payment password' }));
    await user.keyboard('{Backspace>6/}');
    await user.click(screen.getByRole('button', { name: 'Send the money' }));
    expect(await screen.findByText('Please enter the payment password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Payment password' }));
    await user.keyboard('654321');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('20', '654321'));
  });
});
