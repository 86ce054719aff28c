import type { WealthQuote } from '@app/contract/wealth';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { formatCalendarDate, formatDateTime } from '../../../lib/time';

/** The terms of a purchase: what it earns, and from when to when. */
export function QuoteSummary({ quote, showAmount = false }: { quote: WealthQuote; showAmount?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className="lc-summary" aria-live="polite">
      {showAmount && (
        <div>
          <dt>{t('wealth.amount')}</dt>
          <dd>{displayMoney(quote.amount)} USDT</dd>
        </div>
      )}
      <div className="lc-summary__strong">
        <dt>{t('wealth.estimatedEarnings')}</dt>
        <dd className="is-up">+{displayMoney(quote.estimatedEarnings)} USDT</dd>
      </div>
      <div>
        <dt>{t('wealth.dailyInterest')}</dt>
        <dd>{displayMoney(quote.dailyInterest)} USDT</dd>
      </div>
      <div>
        <dt>{t('wealth.startDate')}</dt>
        <dd>{formatCalendarDate(quote.startDate)}</dd>
      </div>
      <div>
        <dt>{t('wealth.endDate')}</dt>
        <dd>{formatCalendarDate(quote.endDate)}</dd>
      </div>
      <div>
        <dt>{t('wealth.maturity')}</dt>
        <dd>{formatDateTime(quote.maturesAt)}</dd>
      </div>
    </dl>
  );
}
