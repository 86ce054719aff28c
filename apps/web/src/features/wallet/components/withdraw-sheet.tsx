import { Popup } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasscodeField } from '../../../components/passcode-field';
import { SubmitButton } from '../../../components/submit-button';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { displayMoney } from '../../../lib/money';
import type { WithdrawPreview } from './withdraw-amount';

interface WithdrawSheetProps {
  isOpen: boolean;
  preview: WithdrawPreview | null;
  destination: string;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  onClose: () => void;
  onSubmit: (payPassword: string) => void;
}

/** The last look before money moves: what, where, and the 6-digit payment password. */
export function WithdrawSheet({
  isOpen,
  preview,
  destination,
  isPending,
  error,
  onClose,
  onSubmit,
}: WithdrawSheetProps) {
  const { t } = useTranslation();
  const [payPassword, setPayPassword] = useState('');
  const [localError, setLocalError] = useState<string>();

  useEffect(() => {
    if (!isOpen) setPayPassword('');
  }, [isOpen]);

  const send = (value: string) => {
    if (isPending) return;
    if (value.length === 0) return setLocalError(translateFieldMessage('withdrawal_password_required'));
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
      bodyClassName="sheet"
      destroyOnClose
    >
      <form className="form" onSubmit={onFormSubmit} noValidate aria-labelledby="withdraw-sheet-title">
        <h2 className="sheet__title" id="withdraw-sheet-title">
          {t('withdraw.sheetTitle')}
        </h2>
        {preview && (
          <dl className="summary">
            <div>
              <dt>{t('withdraw.amount')}</dt>
              <dd>{displayMoney(preview.amount)} USDT</dd>
            </div>
            <div>
              <dt>{t('withdraw.fee')}</dt>
              <dd>{displayMoney(preview.fee)} USDT</dd>
            </div>
            <div className="summary__strong">
              <dt>{t('withdraw.net')}</dt>
              <dd>{displayMoney(preview.net)} USDT</dd>
            </div>
            <div>
              <dt>{t('withdraw.destination')}</dt>
              <dd className="mono summary__destination">{destination}</dd>
            </div>
          </dl>
        )}
        <PasscodeField
          label={t('withdraw.payPassword')}
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
        <p className="field__hint">{t('withdraw.reviewNote')}</p>
        <SubmitButton isLoading={isPending}>{t('withdraw.submit')}</SubmitButton>
      </form>
    </Popup>
  );
}
