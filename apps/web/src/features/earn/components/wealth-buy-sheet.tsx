import type { WealthQuote } from '@app/contract/wealth';
import { PayPasswordSheet } from '../../../components/pay-password-sheet';
import { useTranslation } from '../../../lib/i18n';
import { QuoteSummary } from './quote-summary';

interface WealthBuySheetProps {
  isOpen: boolean;
  quote: WealthQuote | undefined;
  isPending: boolean;
  /** Already translated (a wrong password from the server). */
  error?: string;
  /** Already translated (a wrong or used authenticator code). */
  codeError?: string;
  onClose: () => void;
  onSubmit: (payPassword: string, twoFactorCode?: string) => void;
}

/** The last look before the amount is locked: the quote, and the 6-digit payment password. */
export function WealthBuySheet({ quote, ...sheet }: WealthBuySheetProps) {
  const { t } = useTranslation();
  return (
    <PayPasswordSheet
      {...sheet}
      titleId="wealth-sheet-title"
      title={t('wealth.sheetTitle')}
      passwordLabel={t('wealth.payPassword')}
      requiredMessage="pay_password_required"
      submitText={t('common.confirm')}
    >
      {quote && <QuoteSummary quote={quote} showAmount />}
    </PayPasswordSheet>
  );
}
