import type { AuthResponse, LoginResponse } from '@app/contract/users';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { safeRedirect } from '../../../lib/redirect';
import { isLoginChallenge } from '../api/login-user';
import { LoginForm } from '../components/login-form';
import { LoginTwoFactorForm } from '../components/login-two-factor-form';
import { PasskeyLoginButton } from '../components/passkey-login-button';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  // Set when the password was right and the account asks a second factor (issue 14).
  const [challenge, setChallenge] = useState<string | null>(null);
  const redirect = safeRedirect(searchParams.get('redirect'));

  const onPasswordStep = (result: LoginResponse) => {
    if (isLoginChallenge(result)) return setChallenge(result.challenge);
    onSuccess(result);
  };

  const onSuccess = ({ user }: AuthResponse) => {
    showSuccess(t('toast.loginSuccess'));
    // An admin-issued one-time password must be replaced before anything else.
    if (user.mustChangePassword) navigate(`/loginpassword?redirect=${encodeURIComponent(redirect)}`, { replace: true });
    else navigate(redirect, { replace: true });
  };

  return (
    <NavPage title={t('login.title')} className="page--auth">
      <div className="auth-hero">
        <img className="auth-hero__logo" src="/icon.svg" alt="" width={48} height={48} />
        <h2 className="auth-hero__title">{t('login.heading')}</h2>
        <p className="auth-hero__text">{t('login.subheading')}</p>
      </div>
      <div className="card card--form">
        {challenge ? (
          <LoginTwoFactorForm challenge={challenge} onSuccess={onSuccess} onRestart={() => setChallenge(null)} />
        ) : (
          <>
            <LoginForm onSuccess={onPasswordStep} />
            <PasskeyLoginButton onSuccess={onSuccess} />
          </>
        )}
        <div className="auth-links">
          <button
            type="button"
            className="link-button"
            aria-expanded={isForgotOpen}
            onClick={() => setIsForgotOpen((open) => !open)}
          >
            {t('login.forgot')}
          </button>
          <span>
            {t('login.noAccount')}{' '}
            <Link className="link" to="/reg">
              {t('login.toRegister')}
            </Link>
          </span>
        </div>
        {isForgotOpen && (
          <aside className="notice" aria-live="polite">
            <strong className="notice__title">{t('login.forgotTitle')}</strong>
            <p className="notice__text">{t('login.forgotText')}</p>
            <Link className="btn btn--ghost btn--small" to="/kf">
              {t('login.contactSupport')}
            </Link>
          </aside>
        )}
      </div>
    </NavPage>
  );
}
