import { PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PlaceholderSection } from '../../../components/placeholder-section';

export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <main className="page__body page__body--tab page__body--center">
      <PlaceholderSection icon={<PayCircleOutline />} title={t('placeholder.products')} text={t('common.comingSoon')} />
    </main>
  );
}
