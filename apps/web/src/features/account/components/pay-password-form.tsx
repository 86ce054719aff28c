import { type ResetPayPasswordRequest, resetPayPasswordRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PayPasswordBlock } from '../../../components/pay-password-block';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useResetPayPassword } from '../api/reset-pay-password';

const payPasswordFields = z.object({
  password: z.string(),
  newPayPassword: z.string(),
  confirmPayPassword: z.string(),
});
type PayPasswordFormValues = z.infer<typeof payPasswordFields>;

const payPasswordFormSchema = payPasswordFields
  .superRefine(({ confirmPayPassword, ...values }, ctx) => {
    const result = resetPayPasswordRequestSchema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (confirmPayPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['confirmPayPassword'], message: 'pay_password_required' });
    } else if (confirmPayPassword !== values.newPayPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPayPassword'], message: 'passwords_do_not_match' });
    }
  })
  .transform(({ confirmPayPassword: _confirm, ...values }) => resetPayPasswordRequestSchema.parse(values));

interface PayPasswordFormProps {
  mode: 'set' | 'change';
  onSuccess: () => void;
}

/** Sets or changes the 6-digit payment password, confirmed by the login password (one call for both). */
export function PayPasswordForm({ mode, onSuccess }: PayPasswordFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const reset = useResetPayPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PayPasswordFormValues, unknown, ResetPayPasswordRequest>({
    resolver: zodResolver(payPasswordFormSchema),
    defaultValues: { password: '', newPayPassword: '', confirmPayPassword: '' },
  });

  const onSubmit = (values: ResetPayPasswordRequest) =>
    reset.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['password', 'newPayPassword'])) showError(error);
      },
    });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={t('payPassword.loginPassword')}
        placeholder={t('payPassword.loginPasswordPlaceholder')}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.password?.message)}
        {...register('password')}
      />
      <PayPasswordBlock
        control={control}
        name="newPayPassword"
        label={mode === 'set' ? t('payPassword.newPayPassword') : t('payPassword.newPayPasswordChange')}
      />
      <PayPasswordBlock control={control} name="confirmPayPassword" label={t('payPassword.confirmPayPassword')} />
      <SubmitButton isLoading={reset.isPending}>
        {mode === 'set' ? t('payPassword.submitSet') : t('payPassword.submitChange')}
      </SubmitButton>
    </form>
  );
}
