import type { AuthResponse, RegisterRequest } from '@app/contract/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { lazyResolver } from '../../../lib/form/lazy-resolver';
import { useTranslation } from '../../../lib/i18n';
import { preloadNotify, showError } from '../../../lib/notify';
import { useRegisterUser } from '../api/register-user';
import type { RegisterFormContext, RegisterFormValues } from './register-form-schema';

// Like the login form: the schema code loads beside the screen, not in front of it.
const resolver = lazyResolver(() => import('./register-form-schema').then((module) => module.registerFormResolver));

interface RegisterFormProps {
  inviteCode: string;
  isInviteRequired: boolean;
  onSuccess: (result: AuthResponse) => void;
}

export function RegisterForm({ inviteCode, isInviteRequired, onSuccess }: RegisterFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const registration = useRegisterUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues, RegisterFormContext, RegisterRequest>({
    resolver,
    context: { isInviteRequired },
    defaultValues: { username: '', phone: '', password: '', confirmPassword: '', inviteCode },
  });

  useEffect(() => {
    resolver.preload();
    preloadNotify();
  }, []);

  const onSubmit = (values: RegisterRequest) =>
    registration.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['username', 'phone', 'password', 'inviteCode'])) showError(error);
      },
    });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={t('register.username')}
        placeholder={t('register.usernamePlaceholder')}
        autoComplete="username"
        autoCapitalize="none"
        error={fieldMessage(errors.username?.message)}
        {...register('username')}
      />
      <TextField
        label={t('register.phone')}
        placeholder={t('register.phonePlaceholder')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={fieldMessage(errors.phone?.message)}
        {...register('phone')}
      />
      <TextField
        label={t('register.password')}
        placeholder={t('register.passwordPlaceholder')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t('register.confirmPassword')}
        placeholder={t('register.confirmPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <TextField
        label={isInviteRequired ? t('register.inviteCode') : t('register.inviteCodeOptional')}
        placeholder={t('register.inviteCodePlaceholder')}
        autoCapitalize="none"
        error={fieldMessage(errors.inviteCode?.message)}
        {...register('inviteCode')}
      />
      <SubmitButton isLoading={registration.isPending}>{t('register.submit')}</SubmitButton>
    </form>
  );
}
