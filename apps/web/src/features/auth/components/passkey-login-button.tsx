import type { AuthResponse } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import './passkey-login.css';

/** "Sign in with a passkey" under the password form; a cancelled prompt or a refusal is said under it. */
export function PasskeyLoginButton({ onSuccess }: { onSuccess: (result: AuthResponse) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The ceremony's code (and @simplewebauthn/browser) loads on the tap, not with /login (its weight ceiling).
  const login = useMutation({
    mutationFn: async () => (await import('../api/login-passkey')).loginWithPasskey(queryClient),
  });
  const [error, setError] = useState<string>();
  const onClick = () => {
    setError(undefined);
    login.mutate(undefined, {
      onSuccess,
      onError: (failure) =>
        setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown')),
    });
  };
  return (
    <div className="passkey-login">
      <p className="passkey-login__or" aria-hidden="true">
        <span>{t('passkeyPrompt.or')}</span>
      </p>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        disabled={login.isPending}
        aria-busy={login.isPending}
        onClick={onClick}
      >
        {login.isPending && <span className="spinner spinner--dark" aria-hidden="true" />}
        {t('passkeyPrompt.signIn')}
      </button>
      {error && (
        <p className="field__error passkey-login__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
