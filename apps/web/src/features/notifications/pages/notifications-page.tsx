import type { Notification } from '@app/contract/notifications';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/time';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationsRead } from '../api/mark-read';
import { notificationText } from '../components/notification-text';
import '../notifications.css';

/** `/notifications`: the user's notices, newest first, live; mark one or all read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const unread = useUnreadNotifications();
  const markAll = useMarkAllNotificationsRead();
  return (
    <NavPage
      title={t('notifications.title')}
      fallback="/my"
      right={
        <Link className="notices-link" to="/notificationSettings">
          {t('notifications.settings')}
        </Link>
      }
    >
      <div className="notices-toolbar">
        <span>{unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}</span>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      <InfiniteList
        query={notifications}
        className="notices"
        getKey={(notification) => notification.id}
        empty={t('notifications.empty')}
        renderItem={(notification) => <NotificationRow notification={notification} />}
      />
    </NavPage>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const markRead = useMarkNotificationsRead();
  const { title, body } = notificationText(t, notification);
  return (
    <article className={`notice-item${notification.isRead ? '' : ' notice-item--unread'}`}>
      <div className="notice-item__top">
        <span className="notice-item__title">{title}</span>
        {!notification.isRead && <span className="badge">{t('notifications.unread')}</span>}
      </div>
      <p className="notice-item__body">{body}</p>
      <div className="notice-item__foot">
        <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        {!notification.isRead && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate([notification.id])}
          >
            {t('notifications.markRead')}
          </button>
        )}
      </div>
    </article>
  );
}
