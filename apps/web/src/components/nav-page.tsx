import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { usePageActions } from './page-actions';
import { usePageBanner } from './page-banner';

interface NavPageProps {
  title: string;
  children: ReactNode;
  /** Where "back" goes when there is no in-app history (a deep link). */
  fallback?: string;
  right?: ReactNode;
  className?: string;
}

/** Every screen outside the tab bar: a top bar with a back control and the page body. */
export function NavPage({ title, children, fallback = '/', right, className }: NavPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const actions = usePageActions();
  const banner = usePageBanner();
  const goBack = () => {
    // 'default' is the key of the first entry this app rendered: nothing of ours to go back to.
    if (location.key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  };
  return (
    <div className={`page page--nav${className ? ` ${className}` : ''}`}>
      <header className="navbar">
        <button type="button" className="navbar__back" onClick={goBack} aria-label={t('nav.back')}>
          <LeftOutline />
        </button>
        <h1 className="navbar__title">{title}</h1>
        <div className="navbar__right">
          {right}
          {actions}
        </div>
      </header>
      {banner}
      <main className="page__body">{children}</main>
    </div>
  );
}
