import { type AuthResponse, type RegisterRequest, registerRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { showError } from '../../../lib/notify';
import { useRegisterUser } from '../api/register-user';

const registerFields = z.object({
  username: z.string(),
  phone: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  inviteCode: z.string(),
});
type RegisterFormValues = z.infer<typeof registerFields>;

/** The contract's rules for the request, plus what only the form has: the confirmation and the invite flag. */
function registerFormSchema(isInviteRequired: boolean) {
  return registerFields
    .superRefine(({ confirmPassword, ...values }, ctx) => {
      const result = registerRequestSchema.safeParse(values);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      if (isInviteRequired && values.inviteCode.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: 'invite_code_required' });
      }
      if (confirmPassword === '') {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirm_password_required' });
      } else if (confirmPassword !== values.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
      }
    })
    .transform(({ confirmPassword: _confirm, ...values }) => registerRequestSchema.parse(values));
}

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
  } = useForm<RegisterFormValues, unknown, RegisterRequest>({
    resolver: zodResolver(registerFormSchema(isInviteRequired)),
    defaultValues: { username: '', phone: '', password: '', confirmPassword: '', inviteCode },
  });

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
      <Button block color="primary" size="large" type="submit" loading={registration.isPending} className="form__submit">
        {t('register.submit')}
      </Button>
    </form>
  );
}
