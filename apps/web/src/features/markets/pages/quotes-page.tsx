import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PlaceholderSection } from '../../../components/placeholder-section';

export default function QuotesPage() {
  const { t } = useTranslation();
  return (
    <main className="page__body page__body--tab page__body--center">
      <PlaceholderSection icon={<HistogramOutline />} title={t('placeholder.quotes')} text={t('common.comingSoon')} />
    </main>
  );
}
