import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useUnreadNotifications } from '../api/get-unread-count';
import '../notifications.css';

/** The bell in the home header: the unread count, live; opens the notification list. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications();
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Link to="/notifications" className="notification-bell" aria-label={label} data-testid="notification-bell">
      <Badge content={unread > 0 ? (unread > 99 ? '99+' : unread) : null}>
        <BellOutline aria-hidden="true" />
      </Badge>
    </Link>
  );
}
