import type { FlexibleAction } from '@app/contract/flexible-earn';
import { useEffect } from 'react';
import { AmountField } from '../../../components/amount-field';
import { PayPasswordForm, usePayPasswordEntry } from '../../../components/pay-password-sheet';
import { Sheet } from '../../../components/sheet';
import { useAmountForm } from '../../../lib/form/amount-form';
import { useTranslation } from '../../../lib/i18n';
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
    <Sheet isOpen={action !== null} isPending={isPending} onClose={onClose}>
      {action && <SheetForm {...props} action={action} />}
    </Sheet>
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
  const isSubscribe = action === 'subscribe';
  const amount = useAmountForm({
    required: 'amount_required',
    invalid: 'amount_invalid',
    min: isSubscribe ? subscribeMin : undefined,
    belowMin: t('defi.belowMin', { min: displayMoney(subscribeMin) }),
    max: maxAmount,
    aboveMax: isSubscribe ? t('defi.exceedsAvailable') : t('defi.exceedsHeld'),
  });
  const entry = usePayPasswordEntry({
    isPending,
    requiredMessage: 'pay_password_required',
    check: amount.check,
    clearsOnSend: false,
    onSubmit: (payPassword) => onSubmit({ amount: amount.value.trim(), payPassword }),
  });
  const { clear } = entry;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a server answer about the amount or the password: the next try starts from empty cells
  useEffect(() => {
    if (amountError || passwordError) clear();
  }, [amountError, passwordError]);

  return (
    <PayPasswordForm
      entry={entry}
      isPending={isPending}
      error={passwordError}
      titleId={`defi-sheet-${action}`}
      title={isSubscribe ? t('defi.subscribeTitle') : t('defi.redeemTitle')}
      passwordLabel={t('defi.payPassword')}
      note={isSubscribe ? t('defi.subscribeNote') : t('defi.redeemNote')}
      submitText={isSubscribe ? t('defi.confirmSubscribe') : t('defi.confirmRedeem')}
    >
      <AmountField
        label={t('defi.amount')}
        error={amount.error ?? amountError}
        footer={
          <p className="field__hint">
            {isSubscribe
              ? t('defi.available', { amount: displayMoney(maxAmount) })
              : t('defi.holding', { amount: displayMoney(maxAmount) })}
          </p>
        }
        placeholder={
          isSubscribe
            ? t('defi.subscribePlaceholder', { min: displayMoney(subscribeMin) })
            : t('defi.redeemPlaceholder', { max: displayMoney(maxAmount) })
        }
        {...amount.input}
        all={{
          label: t('defi.all'),
          isDisabled: !maxAmount || toMinor(maxAmount) === 0n,
          onClick: () => amount.fill(maxAmount),
        }}
      />
    </PayPasswordForm>
  );
}
