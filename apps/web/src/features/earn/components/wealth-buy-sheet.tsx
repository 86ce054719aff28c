import type { WealthQuote } from '@app/contract/wealth';
import { Popup } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasscodeField } from '../../../components/passcode-field';
import { SubmitButton } from '../../../components/submit-button';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { QuoteSummary } from './quote-summary';

interface WealthBuySheetProps {
  isOpen: boolean;
  quote: WealthQuote | undefined;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  onClose: () => void;
  onSubmit: (payPassword: string) => void;
}

/** The last look before the amount is locked: the quote, and the 6-digit payment password. */
export function WealthBuySheet({ isOpen, quote, isPending, error, onClose, onSubmit }: WealthBuySheetProps) {
  const { t } = useTranslation();
  const [payPassword, setPayPassword] = useState('');
  const [localError, setLocalError] = useState<string>();

  useEffect(() => {
    if (!isOpen) setPayPassword('');
  }, [isOpen]);

  const send = (value: string) => {
    if (isPending) return;
    if (value.length === 0) return setLocalError(translateFieldMessage('pay_password_required'));
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
      bodyClassName="lc-sheet"
      destroyOnClose
    >
      <form className="form" onSubmit={onFormSubmit} noValidate aria-labelledby="lc-sheet-title">
        <h2 className="lc-sheet__title" id="lc-sheet-title">
          {t('wealth.sheetTitle')}
        </h2>
        {quote && <QuoteSummary quote={quote} showAmount />}
        <PasscodeField
          label={t('wealth.payPassword')}
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
        <SubmitButton isLoading={isPending}>{t('common.confirm')}</SubmitButton>
      </form>
    </Popup>
  );
}
