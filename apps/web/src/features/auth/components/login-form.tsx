import { type LoginRequest, loginRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { showError } from '../../../lib/notify';
import { useLoginUser } from '../api/login-user';
import type { AuthResponse } from '@app/contract/users';

type LoginFormInput = z.input<typeof loginRequestSchema>;

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
  } = useForm<LoginFormInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

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
      <Button block color="primary" size="large" type="submit" loading={login.isPending} className="form__submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
