import { useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { safeRedirect } from '../../../lib/redirect';
import { LoginPasswordForm } from '../components/login-password-form';

export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useUserDetails();
  const isForced = user.data?.mustChangePassword === true;

  const onSuccess = () => {
    showSuccess(t('toast.resetSuccess'));
    navigate(safeRedirect(searchParams.get('redirect'), '/my'), { replace: true });
  };

  return (
    <NavPage title={t('password.title')} fallback="/my">
      {isForced && (
        <p className="notice notice--warning" role="status">
          {t('password.forcedNotice')}
        </p>
      )}
      <div className="card card--form">
        <LoginPasswordForm onSuccess={onSuccess} />
        <p className="form__note">{t('password.sessionsNote')}</p>
      </div>
    </NavPage>
  );
}
