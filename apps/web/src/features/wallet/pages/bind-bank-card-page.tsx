import { BankcardOutline } from 'antd-mobile-icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { safeRedirect } from '../../../lib/redirect';
import { useBankCard } from '../api/get-bank-card';
import { BankCardForm } from '../components/bank-card-form';
import '../wallet.css';

export default function BindBankCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const card = useBankCard();
  const user = useUserDetails();

  const onSuccess = () => {
    showSuccess(t('toast.addedSuccess'));
    navigate(safeRedirect(searchParams.get('redirect'), '/wallet'), { replace: true });
  };

  return (
    <NavPage title={t('bankCard.title')} fallback="/wallet">
      <p className="page__intro">{t('bankCard.intro')}</p>
      {card.data && (
        <section className="bank-card" aria-labelledby="current-card">
          <h2 className="bank-card__caption" id="current-card">
            {t('bankCard.current')}
          </h2>
          <p className="bank-card__bank">
            <BankcardOutline aria-hidden="true" /> {card.data.bankName}
          </p>
          <p className="bank-card__number mono">{card.data.cardNumber}</p>
          <p className="bank-card__holder">
            {card.data.holderName} · {card.data.branch}
          </p>
        </section>
      )}
      {card.data && (
        <p className="notice notice--warning" role="note">
          {t('bankCard.replaceNote')}
        </p>
      )}
      {user.data?.hasPayPassword === false && (
        <p className="notice notice--warning notice__row" role="status">
          <span>{t('bankCard.noPayPassword')}</span>
          <Link className="link" to="/txpassword?redirect=/bindBankCard">
            {t('withdraw.setPayPassword')}
          </Link>
        </p>
      )}
      <div className="card card--form">
        <BankCardForm isReplacing={Boolean(card.data)} onSuccess={onSuccess} />
      </div>
    </NavPage>
  );
}
