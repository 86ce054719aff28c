import { PayPasswordSheet } from '../../../components/pay-password-sheet';
import { useTranslation } from '../../../lib/i18n';
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
export function WithdrawSheet({ preview, destination, ...sheet }: WithdrawSheetProps) {
  const { t } = useTranslation();
  return (
    <PayPasswordSheet
      {...sheet}
      titleId="withdraw-sheet-title"
      title={t('withdraw.sheetTitle')}
      passwordLabel={t('withdraw.payPassword')}
      requiredMessage="withdrawal_password_required"
      submitText={t('withdraw.submit')}
      note={t('withdraw.reviewNote')}
    >
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
    </PayPasswordSheet>
  );
}
