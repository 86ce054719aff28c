import type { FlexibleAction } from '@app/contract/flexible-earn';
import { AmountField } from '../../../components/amount-field';
import { Sheet } from '../../../components/sheet';
import { SubmitButton } from '../../../components/submit-button';
import { useAmountForm } from '../../../lib/form/amount-form';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, toMinor } from '../../../lib/money';

interface DefiAmountSheetProps {
  /** Null when closed. */
  action: FlexibleAction | null;
  /** What the move can take at most: available for a subscription, held for a redemption. */
  maxAmount: string | undefined;
  subscribeMin: string | undefined;
  /** The amount the field starts with (a plain decimal): the one the server just refused. */
  initialAmount?: string;
  /** Already translated, from the server. */
  amountError?: string;
  onClose: () => void;
  /** The amount checked, as the plain decimal the API takes; the payment password sheet comes next. */
  onNext: (amount: string) => void;
}

/** Subscribe or redeem, first step: the amount, checked here before the payment password is asked for. */
export function DefiAmountSheet(props: DefiAmountSheetProps) {
  const { action, onClose } = props;
  return (
    <Sheet isOpen={action !== null} onClose={onClose}>
      {action && <AmountForm {...props} action={action} />}
    </Sheet>
  );
}

function AmountForm({
  action,
  maxAmount,
  subscribeMin,
  initialAmount,
  amountError,
  onNext,
}: DefiAmountSheetProps & { action: FlexibleAction }) {
  const { t } = useTranslation();
  const isSubscribe = action === 'subscribe';
  const amount = useAmountForm(
    {
      required: 'amount_required',
      invalid: 'amount_invalid',
      min: isSubscribe ? subscribeMin : undefined,
      belowMin: t('defi.belowMin', { min: displayMoney(subscribeMin) }),
      max: maxAmount,
      aboveMax: isSubscribe ? t('defi.exceedsAvailable') : t('defi.exceedsHeld'),
    },
    { initial: initialAmount },
  );
  const titleId = `defi-sheet-${action}`;
  return (
    <form className="form" onSubmit={amount.onSubmit(onNext)} noValidate aria-labelledby={titleId}>
      <h2 className="sheet__title" id={titleId}>
        {isSubscribe ? t('defi.subscribeTitle') : t('defi.redeemTitle')}
      </h2>
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
      <p className="field__hint">{isSubscribe ? t('defi.subscribeNote') : t('defi.redeemNote')}</p>
      <SubmitButton isLoading={false}>{t('common.next')}</SubmitButton>
    </form>
  );
}
