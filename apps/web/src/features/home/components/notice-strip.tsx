import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useLatestNotice } from '../../../lib/api/get-notices';
import { useTranslation } from '../../../lib/i18n';
import './notice-strip.css';

/** One line on home: the first announcement (pinned ones lead), linking to all of them; absent when there is none. */
export function NoticeStrip() {
  const { t } = useTranslation();
  const notice = useLatestNotice();
  // Its place is kept while it loads: the cards below do not jump down when it arrives.
  if (notice.isPending) return <div className="notice-strip notice-strip--loading" aria-hidden="true" />;
  if (!notice.data) return null;
  return (
    <Link className="notice-strip" to="/notice" aria-label={`${t('content.stripLabel')}: ${notice.data.title}`}>
      <SoundOutline className="notice-strip__icon" aria-hidden="true" />
      <span className="notice-strip__title">{notice.data.title}</span>
      <RightOutline className="notice-strip__arrow" aria-hidden="true" />
    </Link>
  );
}
