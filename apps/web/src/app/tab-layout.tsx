import { Badge } from 'antd-mobile';
import { NavLink, Outlet } from 'react-router';
import { useSupportUnread } from '../features/support/api/get-unread';
import { useTranslation } from '../lib/i18n';
import { TABS } from './tab-items';

/** The five tab screens (spec section 2) share the bottom bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const supportUnread = useSupportUnread();
  return (
    <div className="page page--tabs">
      <Outlet />
      <nav className="tabbar" aria-label={t('nav.home')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="tabbar__item">
            <span className="tabbar__icon" aria-hidden="true">
              {tab.to === '/kf' && supportUnread > 0 ? (
                <Badge content={supportUnread > 99 ? '99+' : supportUnread}>
                  <tab.Icon />
                </Badge>
              ) : (
                <tab.Icon />
              )}
            </span>
            <span className="tabbar__label">{t(tab.labelKey)}</span>
            {tab.to === '/kf' && supportUnread > 0 && (
              <span className="sr-only">{t('support.unread', { count: supportUnread })}</span>
            )}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
