import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PlaceholderSection } from '../../../components/placeholder-section';
import { useConfig } from '../../../lib/api/get-config';

export default function SupportPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const hours = config.data?.supportHours;
  return (
    <main className="page__body page__body--tab page__body--center">
      <PlaceholderSection icon={<MessageOutline />} title={t('placeholder.support')} text={t('common.comingSoon')}>
        {hours && <p className="placeholder__meta">{t('placeholder.supportHours', { hours })}</p>}
      </PlaceholderSection>
    </main>
  );
}
