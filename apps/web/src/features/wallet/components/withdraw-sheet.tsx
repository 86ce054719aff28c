import { PayPasswordSheet } from '../../../components/pay-password-sheet';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { displayFiat, type FiatRate, fiatOfUsdtText } from './fiat-amount';
import type { WithdrawPreview } from './withdraw-amount';

interface WithdrawSheetProps {
  isOpen: boolean;
  preview: WithdrawPreview | null;
  /** The card's currency and the rate the request will lock; null when it is paid in USDT figures. */
  fx: FiatRate | null;
  destination: string;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  /** Already translated (a wrong or used authenticator code). */
  codeError?: string;
  onClose: () => void;
  onSubmit: (payPassword: string, twoFactorCode?: string) => void;
}

/** The last look before money moves: what, where, and the 6-digit payment password. */
export function WithdrawSheet({ preview, fx, destination, ...sheet }: WithdrawSheetProps) {
  const { t, i18n } = useTranslation();
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
          {fx && (
            <div className="summary__strong">
              <dt>{t('withdraw.arrivesFiat', { currency: fx.currency })}</dt>
              <dd>{displayFiat(fiatOfUsdtText(preview.net, fx), fx.currency, i18n.language)}</dd>
            </div>
          )}
          <div>
            <dt>{t('withdraw.destination')}</dt>
            <dd className="mono summary__destination">{destination}</dd>
          </div>
        </dl>
      )}
    </PayPasswordSheet>
  );
}
