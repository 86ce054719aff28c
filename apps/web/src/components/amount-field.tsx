import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from './field-frame';

type AmountFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  /** Already translated. */
  error?: string;
  /** The "All" button inside the field, which fills in the most that can be moved. */
  all?: { label: string; isDisabled: boolean; onClick: () => void };
  /** Lines under the field: balance, minimum, fee. */
  footer?: ReactNode;
  /** The class names' stem: `amount-field` (wallet, flexible earn) or `lc-amount` (locked deposits). */
  look?: 'amount-field' | 'lc-amount';
  ref?: Ref<HTMLInputElement>;
};

/** A large USDT amount input; decimal keypad on phones, text kept exactly as typed. */
export function AmountField({
  label,
  error,
  all,
  footer,
  look = 'amount-field',
  ref,
  ...inputProps
}: AmountFieldProps) {
  return (
    <FieldFrame label={label} error={error} controlClassName={look} footer={footer}>
      {(control) => (
        <>
          <input
            ref={ref}
            className={`field__input ${look}__input`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...control}
            {...inputProps}
          />
          <span className={`${look}__unit`} aria-hidden="true">
            USDT
          </span>
          {all && (
            <button type="button" className={`${look}__all`} disabled={all.isDisabled} onClick={all.onClick}>
              {all.label}
            </button>
          )}
        </>
      )}
    </FieldFrame>
  );
}
