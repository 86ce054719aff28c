import type { BalanceList } from '@app/contract/ledger';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, sumMoney } from '../../../lib/money';

export function BalanceCard({ balances }: { balances: BalanceList | undefined }) {
  const { t } = useTranslation();
  const parts = balances && [
    { key: 'available', label: t('wallet.available'), value: balances.available },
    { key: 'frozen', label: t('wallet.frozen'), value: balances.frozen },
    { key: 'trading', label: t('wallet.trading'), value: balances.trading },
    { key: 'earn', label: t('wallet.earn'), value: sumMoney(balances.earnLocked, balances.earnFlexible) },
  ];
  return (
    <section className="balance" aria-labelledby="balance-title" aria-busy={!balances}>
      <h2 className="balance__label" id="balance-title">
        {t('wallet.totalAssets')}
      </h2>
      {balances ? (
        <p className="balance__total">{displayMoney(balances.total)}</p>
      ) : (
        <div className="skeleton skeleton--line balance__skeleton" />
      )}
      <dl className="balance__parts">
        {(parts ?? []).map((part) => (
          <div key={part.key} className="balance__part">
            <dt>{part.label}</dt>
            <dd>{displayMoney(part.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="balance__actions">
        <Link className="btn btn--light" to="/recharge">
          {t('wallet.deposit')}
        </Link>
        <Link className="btn btn--outline-light" to="/withdraw">
          {t('wallet.withdraw')}
        </Link>
      </div>
    </section>
  );
}
