import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useConfig } from '../../../lib/api/get-config';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { RegisterForm } from '../components/register-form';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const config = useConfig();
  // The invite link is /reg?code=...; the field stays editable.
  const inviteCode = searchParams.get('code') ?? '';

  const onSuccess = () => {
    showSuccess(t('toast.signUpSuccess'));
    navigate('/', { replace: true });
  };

  return (
    <NavPage title={t('register.title')} className="page--auth">
      <div className="auth-hero">
        <img className="auth-hero__logo" src="/icon.svg" alt="" width={48} height={48} />
        <h2 className="auth-hero__title">{t('register.heading')}</h2>
        <p className="auth-hero__text">{t('register.subheading')}</p>
      </div>
      <div className="card card--form">
        <RegisterForm
          inviteCode={inviteCode}
          isInviteRequired={config.data?.inviteRequired ?? false}
          onSuccess={onSuccess}
        />
        <div className="auth-links auth-links--center">
          <span>
            {t('register.haveAccount')}{' '}
            <Link className="link" to="/login">
              {t('register.toLogin')}
            </Link>
          </span>
        </div>
      </div>
    </NavPage>
  );
}
