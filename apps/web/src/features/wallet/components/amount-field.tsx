import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from '../../../components/field-frame';

type AmountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  /** Already translated. */
  error?: string;
  /** A button inside the field, e.g. "All". */
  action?: ReactNode;
  /** Lines under the field: balance, minimum, fee. */
  footer?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A large USDT amount input; decimal keypad on phones, text kept exactly as typed. */
export function AmountField({ label, error, action, footer, ref, ...inputProps }: AmountFieldProps) {
  return (
    <FieldFrame label={label} error={error} controlClassName="amount-field" footer={footer}>
      {(control) => (
        <>
          <input
            ref={ref}
            className="field__input amount-field__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...control}
            {...inputProps}
          />
          <span className="amount-field__unit" aria-hidden="true">
            USDT
          </span>
          {action}
        </>
      )}
    </FieldFrame>
  );
}
