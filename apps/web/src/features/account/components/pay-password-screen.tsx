import { useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { safeRedirect } from '../../../lib/redirect';
import { PayPasswordForm } from './pay-password-form';

/** /txpassword sets the payment password, /resetTxpassword changes it: one call, two wordings. */
export function PayPasswordScreen({ mode }: { mode: 'set' | 'change' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const onSuccess = () => {
    showSuccess(mode === 'set' ? t('toast.submittedSuccess') : t('toast.resetSuccess'));
    navigate(safeRedirect(searchParams.get('redirect'), '/my'), { replace: true });
  };

  return (
    <NavPage title={mode === 'set' ? t('payPassword.setTitle') : t('payPassword.changeTitle')} fallback="/my">
      <p className="page__intro">{mode === 'set' ? t('payPassword.setIntro') : t('payPassword.changeIntro')}</p>
      <div className="card card--form">
        <PayPasswordForm mode={mode} onSuccess={onSuccess} />
      </div>
    </NavPage>
  );
}
