import type { AuthResponse, LoginRequest } from '@app/contract/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { lazyResolver } from '../../../lib/form/lazy-resolver';
import { preloadNotify, showError } from '../../../lib/notify';
import { useLoginUser } from '../api/login-user';
import type { LoginFormValues } from './login-form-schema';

// zod and the contract load beside the login screen, not in front of it (the /login JS budget).
const resolver = lazyResolver(() => import('./login-form-schema').then((module) => module.loginFormResolver));

interface LoginFormProps {
  onSuccess: (result: AuthResponse) => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const login = useLoginUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginRequest>({
    resolver,
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    resolver.preload();
    preloadNotify();
  }, []);

  const onSubmit = (values: LoginRequest) =>
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['username', 'password'])) showError(error);
      },
    });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={t('login.account')}
        placeholder={t('login.accountPlaceholder')}
        autoComplete="username"
        autoCapitalize="none"
        error={fieldMessage(errors.username?.message)}
        {...register('username')}
      />
      <TextField
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.password?.message)}
        {...register('password')}
      />
      <SubmitButton isLoading={login.isPending}>{t('login.submit')}</SubmitButton>
    </form>
  );
}
