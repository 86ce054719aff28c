import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Already translated. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its message underneath; password inputs get a show/hide control. */
export function TextField({ label, error, hint, type = 'text', ref, ...inputProps }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          ref={ref}
          id={id}
          className="field__input"
          type={isPassword && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...inputProps}
        />
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            aria-label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
            onClick={() => setIsRevealed((value) => !value)}
          >
            {isRevealed ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        )}
      </div>
      {(error || hint) && (
        <p id={messageId} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
