import { HELP_CATEGORIES, type HelpArticleSummary, type HelpCategory } from '@app/contract/content';
import {
  BankcardOutline,
  CheckShieldOutline,
  ExclamationCircleOutline,
  HistogramOutline,
  PayCircleOutline,
  TeamOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MenuList } from '../../../components/menu-list';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { useHelpArticles } from '../api/get-help-articles';
import '../content.css';

const CATEGORY_ICONS: Record<HelpCategory, ReactNode> = {
  account: <UserOutline />,
  wallet: <BankcardOutline />,
  trading: <HistogramOutline />,
  earn: <PayCircleOutline />,
  referral: <TeamOutline />,
  risk: <ExclamationCircleOutline />,
};

/** `/bz`: the help centre, its articles grouped by category. */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const articles = useHelpArticles();
  return (
    <NavPage title={t('content.helpTitle')} fallback="/my">
      <p className="help-intro">{t('content.helpIntro')}</p>
      {articles.data ? (
        <HelpGroups articles={articles.data} />
      ) : articles.isError ? (
        <div className="list-state">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => articles.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
      <MenuList
        title={t('content.fairTitle')}
        entries={[{ key: 'fair', label: t('content.fairLink'), icon: <CheckShieldOutline />, to: '/fair' }]}
      />
      <section className="help-more">
        <p>{t('content.moreHelp')}</p>
        <Link className="btn btn--ghost btn--small" to="/kf">
          {t('content.contactSupport')}
        </Link>
      </section>
    </NavPage>
  );
}

function HelpGroups({ articles }: { articles: HelpArticleSummary[] }) {
  const { t } = useTranslation();
  if (articles.length === 0) return <p className="list-state">{t('content.helpEmpty')}</p>;
  return (
    <div className="help-groups">
      {HELP_CATEGORIES.map((category) => {
        const inGroup = articles.filter((article) => article.category === category);
        if (inGroup.length === 0) return null;
        return (
          <MenuList
            key={category}
            title={t(`content.categories.${category}`)}
            entries={inGroup.map((article) => ({
              key: article.slug,
              label: article.title,
              icon: CATEGORY_ICONS[category],
              to: `/bz2?slug=${article.slug}`,
            }))}
          />
        );
      })}
    </div>
  );
}
