import { type ResetPasswordRequest, resetPasswordRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useResetLoginPassword } from '../api/reset-login-password';

const loginPasswordFields = z.object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() });
type LoginPasswordFormValues = z.infer<typeof loginPasswordFields>;

const loginPasswordFormSchema = loginPasswordFields
  .superRefine(({ confirmPassword, ...values }, ctx) => {
    const result = resetPasswordRequestSchema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (confirmPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirm_password_required' });
    } else if (confirmPassword !== values.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
    }
  })
  .transform(({ confirmPassword: _confirm, ...values }) => resetPasswordRequestSchema.parse(values));

export function LoginPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const reset = useResetLoginPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginPasswordFormValues, unknown, ResetPasswordRequest>({
    resolver: zodResolver(loginPasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = (values: ResetPasswordRequest) =>
    reset.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['oldPassword', 'newPassword'])) showError(error);
      },
    });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={t('password.current')}
        placeholder={t('password.currentPlaceholder')}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.oldPassword?.message)}
        {...register('oldPassword')}
      />
      <TextField
        label={t('password.new')}
        placeholder={t('password.newPlaceholder')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(errors.newPassword?.message)}
        {...register('newPassword')}
      />
      <TextField
        label={t('password.confirm')}
        placeholder={t('password.confirmPlaceholder')}
        type="password"
        autoComplete="new-password"
        error={fieldMessage(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <SubmitButton isLoading={reset.isPending}>{t('password.submit')}</SubmitButton>
    </form>
  );
}
