import { Badge } from 'antd-mobile';
import { NavLink, Outlet, useLocation } from 'react-router';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useSessionWatch } from '../features/sessions/components/use-session-watch';
import { useSupportUnread } from '../features/support/api/get-unread';
import { useTranslation } from '../lib/i18n';
import { useIsSignedIn } from '../lib/session';
import { TABS } from './tab-items';

/** The five tab screens (spec section 2) share the bottom bar. */
export function TabLayout() {
  const { t } = useTranslation();
  const supportUnread = useSupportUnread();
  const isSignedIn = useIsSignedIn();
  const { pathname } = useLocation();
  // A session ended elsewhere sends this tab to /login at once (issue 14).
  useSessionWatch();
  return (
    <div className="page page--tabs">
      {/* The notification bell sits in the home header (issue 14); features stay apart, the app places it. */}
      {isSignedIn && pathname === '/' && <NotificationBell />}
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
