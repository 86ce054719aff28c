import type { FlexibleAction } from '@app/contract/flexible-earn';
import { Popup } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../../components/field-frame';
import { PasscodeField } from '../../../components/passcode-field';
import { SubmitButton } from '../../../components/submit-button';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { displayMoney, toMinor } from '../../../lib/money';

interface DefiAmountSheetProps {
  /** Null when closed. */
  action: FlexibleAction | null;
  /** What the move can take at most: available for a subscription, held for a redemption. */
  maxAmount: string | undefined;
  subscribeMin: string | undefined;
  isPending: boolean;
  /** Already translated, from the server. */
  amountError?: string;
  passwordError?: string;
  onClose: () => void;
  onSubmit: (request: { amount: string; payPassword: string }) => void;
}

/** Subscribe or redeem: the amount and the 6-digit payment password, as the withdraw sheet takes it. */
export function DefiAmountSheet(props: DefiAmountSheetProps) {
  const { action, isPending, onClose } = props;
  return (
    <Popup
      visible={action !== null}
      onMaskClick={isPending ? undefined : onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {action && <SheetForm {...props} action={action} />}
    </Popup>
  );
}

function SheetForm({
  action,
  maxAmount,
  subscribeMin,
  isPending,
  amountError,
  passwordError,
  onSubmit,
}: DefiAmountSheetProps & { action: FlexibleAction }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [localAmountError, setLocalAmountError] = useState<string>();
  const [localPasswordError, setLocalPasswordError] = useState<string>();
  const isSubscribe = action === 'subscribe';

  useEffect(() => {
    // A server answer about the amount or the password: the next try starts from empty cells.
    if (amountError || passwordError) setPayPassword('');
  }, [amountError, passwordError]);

  const checkAmount = (): string | undefined => {
    const minor = toMinor(amount);
    if (amount.trim() === '') return translateFieldMessage('amount_required');
    if (minor === null || minor <= 0n) return translateFieldMessage('amount_invalid');
    const min = subscribeMin ? toMinor(subscribeMin) : null;
    if (isSubscribe && min !== null && minor < min) return t('defi.belowMin', { min: displayMoney(subscribeMin) });
    const max = maxAmount ? toMinor(maxAmount) : null;
    if (max !== null && minor > max) return isSubscribe ? t('defi.exceedsAvailable') : t('defi.exceedsHeld');
    return undefined;
  };

  const send = (password: string) => {
    if (isPending) return;
    const amountProblem = checkAmount();
    setLocalAmountError(amountProblem);
    if (amountProblem) return;
    if (password.length === 0) return setLocalPasswordError(translateFieldMessage('pay_password_required'));
    if (!/^\d{6}$/.test(password)) return setLocalPasswordError(translateFieldMessage('pay_password_invalid'));
    setLocalPasswordError(undefined);
    onSubmit({ amount: amount.trim(), payPassword: password });
  };
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(payPassword);
  };
  const titleId = `defi-sheet-${action}`;

  return (
    <form className="form" onSubmit={onFormSubmit} noValidate aria-labelledby={titleId}>
      <h2 className="sheet__title" id={titleId}>
        {isSubscribe ? t('defi.subscribeTitle') : t('defi.redeemTitle')}
      </h2>
      <FieldFrame
        label={t('defi.amount')}
        error={localAmountError ?? amountError}
        controlClassName="amount-field"
        footer={
          <p className="field__hint">
            {isSubscribe
              ? t('defi.available', { amount: displayMoney(maxAmount) })
              : t('defi.holding', { amount: displayMoney(maxAmount) })}
          </p>
        }
      >
        {(control) => (
          <>
            <input
              className="field__input amount-field__input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...control}
              placeholder={
                isSubscribe
                  ? t('defi.subscribePlaceholder', { min: displayMoney(subscribeMin) })
                  : t('defi.redeemPlaceholder', { max: displayMoney(maxAmount) })
              }
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setLocalAmountError(undefined);
              }}
            />
            <span className="amount-field__unit" aria-hidden="true">
              USDT
            </span>
            <button
              type="button"
              className="amount-field__all"
              disabled={!maxAmount || toMinor(maxAmount) === 0n}
              onClick={() => {
                if (maxAmount) setAmount(maxAmount);
                setLocalAmountError(undefined);
              }}
            >
              {t('defi.all')}
            </button>
          </>
        )}
      </FieldFrame>
      <PasscodeField
        label={t('defi.payPassword')}
        value={payPassword}
        onChange={(value) => {
          setPayPassword(value);
          setLocalPasswordError(undefined);
          if (value.length === 6) send(value);
        }}
        error={localPasswordError ?? passwordError}
        keyboardTitle={t('payPassword.keyboardTitle')}
        confirmText={t('common.confirm')}
      />
      <p className="field__hint">{isSubscribe ? t('defi.subscribeNote') : t('defi.redeemNote')}</p>
      <SubmitButton isLoading={isPending}>
        {isSubscribe ? t('defi.confirmSubscribe') : t('defi.confirmRedeem')}
      </SubmitButton>
    </form>
  );
}
