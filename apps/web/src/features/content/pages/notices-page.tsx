import type { NoticeSummary } from '@app/contract/content';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { useNotices } from '../../../lib/api/get-notices';
import { useTranslation } from '../../../lib/i18n';
import '../content.css';
import { formatDateTime } from '../../../lib/time';

/** `/notice`: published announcements, pinned first, then the newest. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const notices = useNotices();
  return (
    <NavPage title={t('content.noticesTitle')}>
      <InfiniteList
        query={notices}
        className="announcements"
        getKey={(notice) => notice.id}
        empty={t('content.noticesEmpty')}
        renderItem={(notice) => <NoticeRow notice={notice} />}
      />
    </NavPage>
  );
}

function NoticeRow({ notice }: { notice: NoticeSummary }) {
  const { t } = useTranslation();
  return (
    <Link className="announcement" to={`/noticedetail?id=${notice.id}`}>
      <span className="announcement__top">
        <span className="announcement__title">{notice.title}</span>
        {notice.pinned && <span className="pin-tag">{t('content.pinned')}</span>}
      </span>
      {notice.summary && <span className="announcement__summary">{notice.summary}</span>}
      <span className="announcement__date">{formatDateTime(notice.publishedAt)}</span>
    </Link>
  );
}
