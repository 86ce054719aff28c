import { Link, useRouteError } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** A page chunk that fails to load (offline, new deploy) must not leave a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page page--center">
      <section className="placeholder">
        <h1 className="placeholder__title">{t('common.loadFailed')}</h1>
        <p className="placeholder__text">{t('errors.network')}</p>
        <div className="placeholder__actions">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
          <Link className="btn btn--ghost" to="/">
            {t('common.goHome')}
          </Link>
        </div>
      </section>
    </div>
  );
}
