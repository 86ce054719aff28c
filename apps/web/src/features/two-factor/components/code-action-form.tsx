import { ERRORS } from '@app/contract/errors';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';

const ANY_CODE = /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i;

interface CodeActionFormProps {
  title: string;
  text: string;
  submitText: string;
  /** Turning off also asks the login password. */
  asksPassword?: boolean;
  isPending: boolean;
  /** Sends; answers the server's refusal for the form (or throws nothing). */
  onSend: (values: { code: string; password: string }, onRefused: (error: unknown) => void) => void;
}

/** A change of the second factor confirmed with a code or recovery code (and the password to turn it off). */
export function CodeActionForm({ title, text, submitText, asksPassword, isPending, onSend }: CodeActionFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const next: typeof errors = {};
    if (asksPassword && !password) next.password = translateFieldMessage('password_required');
    if (!typed) next.code = translateFieldMessage('two_factor_code_required');
    else if (!ANY_CODE.test(typed)) next.code = translateFieldMessage('two_factor_code_invalid');
    setErrors(next);
    if (next.code || next.password) return;
    onSend({ code: typed, password }, (failure) => {
      if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) return showError(failure);
      setCode('');
      if (failure.fields.password || failure.code === ERRORS.password_incorrect.code) {
        return setErrors({ password: failure.fields.password ?? failure.message });
      }
      setErrors({ code: failure.fields.code ?? failure.message });
    });
  };
  return (
    <section className="card two-factor" aria-label={title}>
      <h2 className="two-factor__title">{title}</h2>
      <p className="two-factor__text">{text}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {asksPassword && (
          <CurrentPasswordField
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <TextField
          label={t('twoFactor.anyCode')}
          placeholder={t('twoFactor.anyCodePlaceholder')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          maxLength={16}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
        />
        <SubmitButton isLoading={isPending}>{submitText}</SubmitButton>
      </form>
    </section>
  );
}
