import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { type Resolver, useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { writeAmountInput } from '../amount-input';
import { currentLang } from '../i18n';
import { type AmountRules, amountSchema, plainAmountOf, UNSAID } from './amount-rules';
import { useFieldMessage } from './field-message';

interface AmountFormValues {
  amount: string;
}

interface AmountFormOptions {
  /**
   * Checked as the user goes once the field was left or sent (the trade form); otherwise only when
   * sent, and typing clears the message until the next send.
   */
  isLive?: boolean;
  /** What typing may enter, e.g. only digits and the decimal and grouping marks. */
  accept?: (typed: string) => string;
  /** A plain decimal the field starts with (shown in the language's marks). */
  initial?: string;
}

/**
 * The one amount form of the money screens (trade, flexible earn, locked deposits, withdraw): the
 * amount typed in the user's language ("1000,5" in Vietnamese), checked by `amountSchema` through
 * react-hook-form, with its message translated; what is sent is always the plain decimal ("1000.5").
 */
export function useAmountForm(rules: AmountRules, { isLive = false, accept, initial }: AmountFormOptions = {}) {
  const fieldMessage = useFieldMessage();
  const latest = useRef(rules);
  latest.current = rules;
  const form = useForm<AmountFormValues>({
    // The limits change as balances load: every check reads the latest.
    resolver: ((values, context, options) =>
      zodResolver(z.object({ amount: amountSchema(latest.current) }))(
        values,
        context,
        options,
      )) as Resolver<AmountFormValues>,
    defaultValues: { amount: initial ? writeAmountInput(initial, currentLang()) : '' },
    // A refused amount keeps the focus where it is: moving it would open a phone's keyboard.
    shouldFocusError: false,
    mode: isLive ? 'onTouched' : 'onSubmit',
    reValidateMode: isLive ? 'onChange' : 'onSubmit',
  });
  const { field, fieldState } = useController({ control: form.control, name: 'amount' });
  const { isSubmitted } = form.formState;
  const message = fieldState.error?.message;

  // A live message follows the limits too (another period's min and max).
  const limits = `${rules.min}|${rules.max}`;
  const isChecked = isLive && (isSubmitted || fieldState.isTouched);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks again when the limits change, not on every render
  useEffect(() => {
    if (isChecked) void form.trigger('amount');
  }, [limits]);

  /** `value` is a plain decimal (a quick pick, the balance): the field shows it in the language. */
  const set = (value: string) => {
    form.setValue('amount', writeAmountInput(value, currentLang()), { shouldValidate: isChecked });
    if (!isLive) form.clearErrors('amount');
  };

  return {
    /** What is typed, as typed. */
    value: field.value,
    /** What is typed as the plain decimal the API takes ("1000.5"), limits aside; null while it is no amount. */
    plain: plainAmountOf(field.value),
    /** The message under the field, translated. */
    error: message === UNSAID ? undefined : fieldMessage(message),
    /** The input's props. */
    input: {
      value: field.value,
      ref: field.ref,
      onBlur: field.onBlur,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        field.onChange(accept ? accept(event.target.value) : event.target.value);
        if (!isLive) form.clearErrors('amount');
      },
    },
    /** A quick pick. */
    set,
    /** "All": the most that can be moved, when it is known. */
    fill: (value: string | undefined) => (value ? set(value) : form.clearErrors('amount')),
    /** Checks the amount and shows the message; true when it can be sent. */
    check: () => form.trigger('amount'),
    /** A form's onSubmit: `onValid` gets the plain decimal once it passes. */
    onSubmit: (onValid: (amount: string) => void) => form.handleSubmit((values) => onValid(values.amount)),
    /** The server's word on the amount, under the field until the next change or check. */
    refuse: (message: string) => form.setError('amount', { type: 'server', message }),
  };
}
