import {
  DownlandOutline,
  EyeInvisibleOutline,
  EyeOutline,
  HistogramOutline,
  PayCircleOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useBalances } from '../../../lib/api/get-balances';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { isBalanceHiddenStored, setBalanceHiddenStored } from '../../../lib/storage';
import './balance-overview.css';

const MASK = '******';

type ActionKey = 'deposit' | 'withdraw' | 'trade' | 'earn';

const ACTIONS: { key: ActionKey; to: string; icon: ReactNode }[] = [
  { key: 'deposit', to: '/recharge', icon: <DownlandOutline /> },
  { key: 'withdraw', to: '/withdraw', icon: <UploadOutline /> },
  { key: 'trade', to: '/hq', icon: <HistogramOutline /> },
  { key: 'earn', to: '/lc', icon: <PayCircleOutline /> },
];

/** The signed-in home's balance (total and available, in USDT; the eye masks both) and quick actions. */
export function BalanceOverview() {
  const { t } = useTranslation();
  const balances = useBalances();
  const [isHidden, setIsHidden] = useState(isBalanceHiddenStored);
  const toggle = () => {
    setBalanceHiddenStored(!isHidden);
    setIsHidden(!isHidden);
  };
  const shown = (amount: string) => (isHidden ? MASK : displayMoney(amount));

  return (
    <>
      <section className="home-balance" aria-labelledby="home-balance-title" aria-busy={balances.isPending}>
        <div className="home-balance__head">
          <h2 className="home-balance__label" id="home-balance-title">
            {t('wallet.totalAssets')}
          </h2>
          <button
            type="button"
            className="home-balance__eye"
            onClick={toggle}
            aria-label={isHidden ? t('home.showBalance') : t('home.hideBalance')}
          >
            {isHidden ? <EyeInvisibleOutline aria-hidden="true" /> : <EyeOutline aria-hidden="true" />}
          </button>
        </div>
        {balances.data ? (
          <>
            <p className="home-balance__total">{shown(balances.data.total)}</p>
            <p className="home-balance__available">{t('home.available', { amount: shown(balances.data.available) })}</p>
          </>
        ) : balances.isError ? (
          <button type="button" className="btn btn--outline-light btn--small" onClick={() => balances.refetch()}>
            {t('common.retry')}
          </button>
        ) : (
          <div className="skeleton skeleton--line skeleton--on-dark home-balance__skeleton" />
        )}
      </section>
      <nav className="home-actions" aria-label={t('home.actionsTitle')}>
        {ACTIONS.map((action) => (
          <Link key={action.key} className="home-action" to={action.to}>
            <span className="home-action__icon" aria-hidden="true">
              {action.icon}
            </span>
            <span className="home-action__label">{t(`home.actions.${action.key}`)}</span>
          </Link>
        ))}
      </nav>
    </>
  );
}
