import { ERRORS } from '@app/contract/errors';
import type { AuthResponse } from '@app/contract/users';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import { loadFieldMessages, useFieldMessageOnDemand } from '../../../lib/form/field-message-on-demand';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useLoginTwoFactor } from '../api/login-two-factor';

interface LoginTwoFactorFormProps {
  challenge: string;
  onSuccess: (result: AuthResponse) => void;
  /** Back to the password step (another account, or the challenge ran out). */
  onRestart: () => void;
}

const CODE_PATTERN = /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i;

/** The login's second step (issue 14): a code from the authenticator app, or a recovery code. */
export function LoginTwoFactorForm({ challenge, onSuccess, onRestart }: LoginTwoFactorFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessageOnDemand();
  const verify = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const problem = !typed
      ? 'two_factor_code_required'
      : CODE_PATTERN.test(typed)
        ? undefined
        : 'two_factor_code_invalid';
    if (problem) {
      await loadFieldMessages().catch(() => undefined);
      return setError(problem);
    }
    setError(undefined);
    verify.mutate(
      { challenge, code: typed },
      {
        onSuccess,
        onError: (failure) => {
          if (isApiError(failure) && failure.code === ERRORS.login_challenge_expired.code) {
            showError(failure);
            return onRestart();
          }
          if (isApiError(failure) && (failure.status === 422 || failure.fields.code)) {
            setCode('');
            return setError(failure.fields.code ?? failure.message);
          }
          showError(failure);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="login-two-factor-title">
      <h3 className="auth-step__title" id="login-two-factor-title">
        {t('login.twoFactor.heading')}
      </h3>
      <p className="auth-step__text">{t('login.twoFactor.text')}</p>
      <TextField
        label={t('login.twoFactor.code')}
        placeholder={t('login.twoFactor.codePlaceholder')}
        name="code"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoFocus
        maxLength={16}
        value={code}
        error={fieldMessage(error)}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <SubmitButton isLoading={verify.isPending}>{t('login.twoFactor.submit')}</SubmitButton>
      <button type="button" className="link-button" onClick={onRestart}>
        {t('login.twoFactor.back')}
      </button>
    </form>
  );
}
