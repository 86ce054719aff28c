import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { isApiError } from '../../../lib/api/api-error';
import { useTranslation } from '../../../lib/i18n';
import { useHelpArticle } from '../api/get-help-article';
import { CONTENT_HTML_LANG, ContentBody } from '../components/content-body';
import '../content.css';
import { formatDate } from '../../../lib/time';

/** `/bz2?slug=`: one help article (how things work, fees, the settlement rule, risk disclosure). */
export default function HelpArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const article = useHelpArticle(slug);
  const isMissing =
    !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || (isApiError(article.error) && article.error.status === 404);

  return (
    <NavPage title={t('content.articleTitle')} fallback="/bz">
      {isMissing ? (
        <div className="list-state">
          <p>{t('content.articleNotFound')}</p>
          <Link className="btn btn--ghost btn--small" to="/bz">
            {t('content.helpTitle')}
          </Link>
        </div>
      ) : article.data ? (
        <article className="card article" lang={CONTENT_HTML_LANG[article.data.lang]}>
          <h2 className="article__title">{article.data.title}</h2>
          <ContentBody body={article.data.body} />
          <p className="article__meta">{t('content.updatedAt', { date: formatDate(article.data.updatedAt) })}</p>
        </article>
      ) : article.isError ? (
        <div className="list-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => article.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
    </NavPage>
  );
}
