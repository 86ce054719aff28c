import { type ReactNode, useId } from 'react';

/** What the control inside a FieldFrame takes: spread it on the input before the caller's own props. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  /** Already translated. */
  error?: string;
  hint?: string;
  /** Extra class on the box around the control. */
  controlClassName?: string;
  /** Lines under the message. */
  footer?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame every form field shares: the label, the control's box and the message underneath. */
export function FieldFrame({ label, error, hint, controlClassName, footer, children }: FieldFrameProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={controlClassName ? `field__control ${controlClassName}` : 'field__control'}>
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error || hint ? messageId : undefined,
        })}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
      {footer}
    </div>
  );
}

/** The error (or else the hint) under a field, which the control points at with aria-describedby. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (!(error || hint)) return null;
  return (
    <p id={id} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
      {error ?? hint}
    </p>
  );
}
