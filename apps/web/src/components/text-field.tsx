import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { FieldFrame } from './field-frame';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Already translated. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its message underneath; password inputs get a show/hide control. */
export function TextField({ label, error, hint, type = 'text', ref, ...inputProps }: TextFieldProps) {
  const { t } = useTranslation();
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <>
          <input
            ref={ref}
            className="field__input"
            type={isPassword && isRevealed ? 'text' : type}
            {...control}
            {...inputProps}
          />
          {isPassword && (
            <button
              type="button"
              className="field__reveal"
              aria-label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
              onClick={() => setIsRevealed((value) => !value)}
            >
              <EyeIcon isCrossed={!isRevealed} />
            </button>
          )}
        </>
      )}
    </FieldFrame>
  );
}

/** Drawn here rather than taken from antd-mobile-icons: those two weigh 9 KB on the /login path. */
function EyeIcon({ isCrossed }: { isCrossed: boolean }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {isCrossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}
