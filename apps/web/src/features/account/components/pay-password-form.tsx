import { type ResetPayPasswordRequest, resetPayPasswordRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { PayPasswordSheet, twoFactorRefusal } from '../../../components/pay-password-sheet';
import { SubmitButton } from '../../../components/submit-button';
import { isApiError } from '../../../lib/api/api-error';
import { applyServerFieldErrors, translateFieldMessage, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useResetPayPassword } from '../api/reset-pay-password';

/** The login password on the page; the new payment password, twice, in the sheet. */
const loginPasswordSchema = resetPayPasswordRequestSchema.pick({ password: true });
type LoginPasswordValues = { password: string };

/** Which entry the sheet takes: the new password, then the same again. */
type Step = 'new' | 'again';

interface PayPasswordFormProps {
  mode: 'set' | 'change';
  onSuccess: () => void;
}

/**
 * Sets or changes the 6-digit payment password, confirmed by the login password (one call for both).
 * The digits go in on the number pad of the one payment password sheet, which stands on the pad.
 */
export function PayPasswordForm({ mode, onSuccess }: PayPasswordFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const reset = useResetPayPassword();
  const [isOpen, setIsOpen] = useState(false);
  const [step, setStep] = useState<Step>('new');
  const [first, setFirst] = useState('');
  const [sheetError, setSheetError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [password, setPassword] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginPasswordValues>({
    resolver: zodResolver(loginPasswordSchema),
    defaultValues: { password: '' },
  });

  const begin = (values: LoginPasswordValues) => {
    setPassword(values.password);
    setStep('new');
    setFirst('');
    setSheetError(undefined);
    setCodeError(undefined);
    setIsOpen(true);
  };

  const send = (request: ResetPayPasswordRequest) =>
    reset.mutate(request, {
      onSuccess: () => {
        setIsOpen(false);
        onSuccess();
      },
      onError: (error) => {
        const codeRefusal = twoFactorRefusal(error);
        if (codeRefusal) return setCodeError(codeRefusal);
        const newPayPassword = isApiError(error) ? error.fields.newPayPassword : undefined;
        if (newPayPassword) {
          setStep('new');
          return setSheetError(newPayPassword);
        }
        setIsOpen(false);
        if (!applyServerFieldErrors(error, setError, ['password'])) showError(error);
      },
    });

  const onDigits = (digits: string, twoFactorCode?: string) => {
    if (step === 'new') {
      setFirst(digits);
      setSheetError(undefined);
      return setStep('again');
    }
    // Not the same twice: start again from the first entry, saying why.
    if (digits !== first) {
      setStep('new');
      setFirst('');
      return setSheetError(translateFieldMessage('passwords_do_not_match'));
    }
    setSheetError(undefined);
    send({ password, newPayPassword: digits, twoFactorCode });
  };

  const submitText = mode === 'set' ? t('payPassword.submitSet') : t('payPassword.submitChange');
  return (
    <>
      <form className="form" onSubmit={handleSubmit(begin)} noValidate>
        <CurrentPasswordField error={fieldMessage(errors.password?.message)} {...register('password')} />
        <SubmitButton isLoading={reset.isPending}>{submitText}</SubmitButton>
      </form>
      {/* Outside the form: the sheet's own submit must not bubble (through the portal) into the page's. */}
      <PayPasswordSheet
        isOpen={isOpen}
        isPending={reset.isPending}
        error={sheetError}
        codeError={codeError}
        // The authenticator code follows the second entry, when the new password is settled.
        asksTwoFactor={step === 'again'}
        onClose={() => setIsOpen(false)}
        onSubmit={onDigits}
        requiredMessage="pay_password_required"
        titleId="pay-password-sheet-title"
        title={mode === 'set' ? t('payPassword.setTitle') : t('payPassword.changeTitle')}
        passwordLabel={
          step === 'again'
            ? t('payPassword.confirmPayPassword')
            : mode === 'set'
              ? t('payPassword.newPayPassword')
              : t('payPassword.newPayPasswordChange')
        }
        submitText={step === 'again' ? submitText : t('common.next')}
      />
    </>
  );
}
