import { Link } from 'react-router';
import { useConfig } from '../../../lib/api/get-config';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useTranslation } from '../../../lib/i18n';
import { useIsSignedIn } from '../../../lib/session';
import { AccountChecklist } from '../components/account-checklist';
import { BalanceOverview } from '../components/balance-overview';
import { MarketMovers } from '../components/market-movers';
import { NoticeStrip } from '../components/notice-strip';
import { ShortcutGrid } from '../components/shortcut-grid';

export default function HomePage() {
  const { t } = useTranslation();
  const config = useConfig();
  const isSignedIn = useIsSignedIn();
  const user = useUserDetails();
  const brandName = config.data?.web_name || t('brand.name');

  return (
    <main className="page__body page__body--tab home">
      <header className="hero">
        <div className="hero__brand">
          <img src="/icon.svg" alt="" width={36} height={36} />
          <span className="hero__name">{brandName}</span>
        </div>
        {isSignedIn && user.data ? (
          <div className="hero__welcome">
            <h1 className="hero__title">{t('home.greeting', { name: user.data.username })}</h1>
            <span className="badge badge--on-dark">{t('home.level', { level: user.data.level })}</span>
          </div>
        ) : isSignedIn ? (
          <div className="hero__welcome" aria-busy="true">
            <div className="skeleton skeleton--line skeleton--on-dark" />
          </div>
        ) : (
          <div className="hero__welcome">
            <h1 className="hero__title">{t('home.signedOutTitle')}</h1>
            <p className="hero__text">{t('home.signedOutText')}</p>
            <div className="hero__actions">
              <Link className="btn btn--light" to="/login">
                {t('home.login')}
              </Link>
              <Link className="btn btn--outline-light" to="/reg">
                {t('home.register')}
              </Link>
            </div>
          </div>
        )}
        {isSignedIn ? <BalanceOverview /> : <p className="hero__tagline">{t('brand.tagline')}</p>}
      </header>
      <div className="home__content">
        <NoticeStrip />
        {/* Signed in, deposit, withdraw and markets are quick actions under the balance. */}
        <ShortcutGrid omit={isSignedIn ? ['deposit', 'withdraw', 'markets'] : []} />
        <MarketMovers />
        {user.data && <AccountChecklist user={user.data} />}
      </div>
    </main>
  );
}
