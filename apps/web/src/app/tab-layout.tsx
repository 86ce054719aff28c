import { AppOutline, HistogramOutline, MessageOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';

type TabLabelKey = 'nav.home' | 'nav.quotes' | 'nav.products' | 'nav.support' | 'nav.mine';

const TABS: { to: string; labelKey: TabLabelKey; icon: ReactNode }[] = [
  { to: '/', labelKey: 'nav.home', icon: <AppOutline /> },
  { to: '/hq', labelKey: 'nav.quotes', icon: <HistogramOutline /> },
  { to: '/lc', labelKey: 'nav.products', icon: <PayCircleOutline /> },
  { to: '/kf', labelKey: 'nav.support', icon: <MessageOutline /> },
  { to: '/my', labelKey: 'nav.mine', icon: <UserOutline /> },
];

/** The five tab screens (spec section 2) share the bottom bar. */
export function TabLayout() {
  const { t } = useTranslation();
  return (
    <div className="page page--tabs">
      <Outlet />
      <nav className="tabbar" aria-label={t('nav.home')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="tabbar__item">
            <span className="tabbar__icon" aria-hidden="true">
              {tab.icon}
            </span>
            <span className="tabbar__label">{t(tab.labelKey)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
