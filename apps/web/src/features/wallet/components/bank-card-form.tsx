import { type SaveBankRequest, saveBankRequestSchema } from '@app/contract/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PayPasswordBlock } from '../../../components/pay-password-block';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { useBanks } from '../api/get-banks';
import { useSaveBankCard } from '../api/save-bank-card';

type BankCardFormValues = z.input<typeof saveBankRequestSchema>;
const FIELDS = ['bankName', 'holderName', 'cardNumber', 'branch', 'city', 'province', 'remark', 'payPassword'] as const;

export function BankCardForm({ isReplacing, onSuccess }: { isReplacing: boolean; onSuccess: () => void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const banks = useBanks();
  const save = useSaveBankCard();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankCardFormValues, unknown, SaveBankRequest>({
    resolver: zodResolver(saveBankRequestSchema),
    defaultValues: {
      bankName: '',
      holderName: '',
      cardNumber: '',
      branch: '',
      city: '',
      province: '',
      remark: '',
      payPassword: '',
    },
  });

  const onSubmit = (values: SaveBankRequest) =>
    save.mutate(
      { ...values, remark: values.remark || undefined },
      {
        onSuccess,
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) showError(error);
        },
      },
    );

  const text = (name: Exclude<(typeof FIELDS)[number], 'bankName' | 'payPassword'>, extra = {}) => ({
    label: t(`bankCard.${name}`),
    placeholder: t(`bankCard.${name}Placeholder`),
    error: fieldMessage(errors[name]?.message),
    ...extra,
    ...register(name),
  });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      {banks.data && banks.data.length > 0 ? (
        <SelectField
          label={t('bankCard.bank')}
          placeholder={t('bankCard.bankPlaceholder')}
          options={banks.data.map((bank) => ({ value: bank.name, label: bank.name }))}
          error={fieldMessage(errors.bankName?.message)}
          {...register('bankName')}
        />
      ) : (
        // No list (yet, or the call failed): the name can still be typed.
        <TextField
          label={t('bankCard.bank')}
          placeholder={t('bankCard.bankTypePlaceholder')}
          error={fieldMessage(errors.bankName?.message)}
          {...register('bankName')}
        />
      )}
      <TextField {...text('holderName', { autoComplete: 'cc-name' })} />
      <TextField {...text('cardNumber', { inputMode: 'numeric', autoComplete: 'cc-number' })} />
      <TextField {...text('branch')} />
      <TextField {...text('city', { autoComplete: 'address-level2' })} />
      <TextField {...text('province', { autoComplete: 'address-level1' })} />
      <TextField {...text('remark', { maxLength: 200 })} />
      <PayPasswordBlock control={control} name="payPassword" label={t('bankCard.payPassword')} />
      <SubmitButton isLoading={save.isPending}>
        {isReplacing ? t('bankCard.submitReplace') : t('bankCard.submit')}
      </SubmitButton>
    </form>
  );
}
