import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef } from 'react';
import { FieldMessage } from './field-frame';

const PASSCODE_LENGTH = 6;

interface PasscodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string;
  keyboardTitle: string;
  confirmText: string;
  /** Opens the number pad at once (a sheet that exists only to take the password). */
  autoFocus?: boolean;
}

/**
 * Six digit cells with the on-screen number pad (no system keyboard pops up on phones); a physical
 * keyboard works as well, for desktop users.
 */
export function PasscodeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  keyboardTitle,
  confirmText,
  autoFocus = false,
}: PasscodeFieldProps) {
  const id = useId();
  const input = useRef<PasscodeInputRef>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  useEffect(() => {
    // PasscodeInput keeps a native <input> (aria-hidden) inside its focusable cell row even with our
    // own number pad, where it is never used: taken out of the tab order, it no longer makes a
    // focusable control hidden from screen readers, nested in another (WCAG 4.1.2).
    const native = wrapper.current?.querySelector('input');
    if (native) {
      native.tabIndex = -1;
      native.disabled = true;
    }
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      if (value.length < PASSCODE_LENGTH) onChange(value + event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the focusable element is PasscodeInput's own cell row inside; this only relays key presses from it. */}
      <div className="passcode" ref={wrapper} onKeyDown={onKeyDown}>
        <PasscodeInput
          ref={input}
          length={PASSCODE_LENGTH}
          seperated
          value={value}
          onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, PASSCODE_LENGTH))}
          onBlur={onBlur}
          error={Boolean(error)}
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-message` : undefined}
          aria-invalid={error ? true : undefined}
          keyboard={<NumberKeyboard title={keyboardTitle} confirmText={confirmText} showCloseButton={false} />}
        />
      </div>
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}
