import { Link } from 'react-router';
import { NavPage } from '../components/nav-page';
import { PlaceholderSection } from '../components/placeholder-section';
import { useTranslation } from '../lib/i18n';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NavPage title={t('notFound.title')}>
      <PlaceholderSection icon="404" title={t('notFound.title')} text={t('notFound.text')}>
        <div className="placeholder__actions">
          <Link className="btn btn--primary" to="/" replace>
            {t('common.goHome')}
          </Link>
        </div>
      </PlaceholderSection>
    </NavPage>
  );
}
