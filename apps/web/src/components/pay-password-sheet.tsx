import { Popup } from 'antd-mobile';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldMessage } from '../lib/form/field-message';
import { PasscodeField } from './passcode-field';
import { SubmitButton } from './submit-button';

interface PayPasswordSheetProps {
  isOpen: boolean;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  onClose: () => void;
  onSubmit: (payPassword: string) => void;
  /** The sheet's look: `sheet` or another sheet style with its `__title`. */
  className: string;
  titleId: string;
  title: string;
  passwordLabel: string;
  /** The field message key when the cells are empty. */
  requiredMessage: string;
  submitText: string;
  /** What the user confirms (above the password). */
  children?: ReactNode;
  /** A line under the password. */
  note?: string;
}

/**
 * The last look before money moves: what the user confirms and the 6-digit payment password on the
 * number pad, sent once the sixth digit is in (or on the button).
 */
export function PayPasswordSheet(props: PayPasswordSheetProps) {
  const { isOpen, isPending, error, onClose, onSubmit, className, titleId } = props;
  const { t } = useTranslation();
  const [payPassword, setPayPassword] = useState('');
  const [localError, setLocalError] = useState<string>();

  useEffect(() => {
    if (!isOpen) setPayPassword('');
  }, [isOpen]);

  const send = (value: string) => {
    if (isPending) return;
    if (value.length === 0) return setLocalError(translateFieldMessage(props.requiredMessage));
    if (!/^\d{6}$/.test(value)) return setLocalError(translateFieldMessage('pay_password_invalid'));
    setLocalError(undefined);
    setPayPassword(''); // a retry after a wrong password starts from empty cells
    onSubmit(value);
  };
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(payPassword);
  };

  return (
    <Popup
      visible={isOpen}
      onMaskClick={isPending ? undefined : onClose}
      onClose={onClose}
      bodyClassName={className}
      destroyOnClose
    >
      <form className="form" onSubmit={onFormSubmit} noValidate aria-labelledby={titleId}>
        <h2 className={`${className}__title`} id={titleId}>
          {props.title}
        </h2>
        {props.children}
        <PasscodeField
          label={props.passwordLabel}
          value={payPassword}
          onChange={(value) => {
            setPayPassword(value);
            setLocalError(undefined);
            if (value.length === 6) send(value);
          }}
          error={localError ?? error}
          keyboardTitle={t('payPassword.keyboardTitle')}
          confirmText={t('common.confirm')}
          autoFocus
        />
        {props.note && <p className="field__hint">{props.note}</p>}
        <SubmitButton isLoading={isPending}>{props.submitText}</SubmitButton>
      </form>
    </Popup>
  );
}
