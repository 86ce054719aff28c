import type { LoginResponse } from '@app/contract/users';
import { type FormEvent, useRef, useState } from 'react';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import {
  loadFieldMessages,
  preloadFieldMessages,
  useFieldMessageOnDemand,
} from '../../../lib/form/field-message-on-demand';
import { useTranslation } from '../../../lib/i18n';
import { preloadNotify, showError } from '../../../lib/notify';
import { useLoginUser } from '../api/login-user';
import { type LoginFormErrors, type LoginFormValues, validateLogin } from './login-form-rules';

// /login, the first screen a visitor sees, loads at most 120 KB (brotli) of JavaScript: no
// react-hook-form or zod (two fields keep their state here, checked by hand), and antd-mobile's
// Toast (with its mask and animations) and the contract's field messages load only once the
// visitor starts on the form.
const FIELDS = ['username', 'password'] as const;

interface LoginFormProps {
  /** `{ token, user }`, or the challenge of a user with two-factor authentication on. */
  onSuccess: (result: LoginResponse) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessageOnDemand();
  const login = useLoginUser();
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const inputs = useRef<Partial<Record<keyof LoginFormValues, HTMLInputElement | null>>>({});

  const showErrors = (next: LoginFormErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateLogin(values);
    if ('errors' in result) {
      // The messages of the keys; without them (no network) the key is shown rather than nothing.
      await loadFieldMessages().catch(() => undefined);
      return showErrors(result.errors);
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess,
      onError: (error) => {
        const serverErrors: LoginFormErrors = isApiError(error)
          ? { username: error.fields.username, password: error.fields.password }
          : {};
        if (serverErrors.username || serverErrors.password) showErrors(serverErrors);
        else showError(error);
      },
    });
  };

  const preloadFirstUse = () => {
    preloadNotify();
    preloadFieldMessages();
  };

  const fieldProps = (field: keyof LoginFormValues) => ({
    name: field,
    value: values[field],
    error: fieldMessage(errors[field]),
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form className="form" onSubmit={onSubmit} onFocus={preloadFirstUse} noValidate>
      <TextField
        label={t('login.account')}
        placeholder={t('login.accountPlaceholder')}
        autoComplete="username"
        autoCapitalize="none"
        {...fieldProps('username')}
      />
      <TextField
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        type="password"
        autoComplete="current-password"
        {...fieldProps('password')}
      />
      <SubmitButton isLoading={login.isPending}>{t('login.submit')}</SubmitButton>
    </form>
  );
}
