import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

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
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control amount-field">
        <input
          ref={ref}
          id={id}
          className="field__input amount-field__input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          {...inputProps}
        />
        <span className="amount-field__unit" aria-hidden="true">
          USDT
        </span>
        {action}
      </div>
      {error && (
        <p id={`${id}-message`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {footer}
    </div>
  );
}
