import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { isApiError } from '../../../lib/api/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useNotice } from '../api/get-notice';
import { CONTENT_HTML_LANG, ContentBody } from '../components/content-body';
import '../content.css';
import { formatDateTime } from '../../../lib/time';

/** `/noticedetail?id=`: one announcement in the reader's language. */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const notice = useNotice(id);
  const isMissing = !/^\d{1,18}$/.test(id) || (isApiError(notice.error) && notice.error.status === 404);

  return (
    <NavPage title={t('content.noticeTitle')} fallback="/notice">
      {isMissing ? (
        <NotFound />
      ) : notice.data ? (
        <article className="card article" lang={CONTENT_HTML_LANG[notice.data.lang]}>
          <h2 className="article__title">{notice.data.title}</h2>
          <p className="article__meta">
            {notice.data.pinned && <span className="pin-tag">{t('content.pinned')}</span>}
            <time dateTime={notice.data.publishedAt}>{formatDateTime(notice.data.publishedAt)}</time>
          </p>
          <ContentBody body={notice.data.body} />
        </article>
      ) : notice.isError ? (
        <div className="list-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => notice.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
    </NavPage>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="list-state">
      <p>{t('content.noticeNotFound')}</p>
      <Link className="btn btn--ghost btn--small" to="/notice">
        {t('content.allNotices')}
      </Link>
    </div>
  );
}
