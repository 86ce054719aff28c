import { type BindIdCardFields, bindIdCardFieldsSchema } from '@app/contract/kyc';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ImagePicker, usePhotosProcessing } from '../../../components/image-picker';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerFieldErrors, useFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { type BindIdCardInput, useBindIdCard } from '../api/bind-id-card';

const imageSchema = (requiredKey: 'id_front_required' | 'id_back_required') =>
  z
    .instanceof(File, { error: requiredKey })
    .nullable()
    .refine((file) => file !== null, requiredKey);

const idCardFormSchema = bindIdCardFieldsSchema
  .extend({ front: imageSchema('id_front_required'), back: imageSchema('id_back_required') })
  .transform((values) => values as BindIdCardInput);
type IdCardFormValues = BindIdCardFields & { front: File | null; back: File | null };

export function IdCardForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const bind = useBindIdCard();
  const photos = usePhotosProcessing();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IdCardFormValues, unknown, BindIdCardInput>({
    resolver: zodResolver(idCardFormSchema),
    defaultValues: { realName: '', idNumber: '', front: null, back: null },
  });

  const onSubmit = (values: BindIdCardInput) =>
    bind.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['realName', 'idNumber', 'front', 'back'])) showError(error);
      },
    });

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label={t('identity.realName')}
        placeholder={t('identity.realNamePlaceholder')}
        autoComplete="name"
        error={fieldMessage(errors.realName?.message)}
        {...register('realName')}
      />
      <TextField
        label={t('identity.idNumber')}
        placeholder={t('identity.idNumberPlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        error={fieldMessage(errors.idNumber?.message)}
        {...register('idNumber')}
      />
      <div className="id-images">
        {(['front', 'back'] as const).map((side) => (
          <Controller
            key={side}
            control={control}
            name={side}
            render={({ field }) => (
              <ImagePicker
                label={t(`identity.${side}`)}
                prompt={t(`identity.${side}Prompt`)}
                value={field.value}
                onChange={field.onChange}
                onBusyChange={photos.onBusyChange}
                error={fieldMessage(errors[side]?.message)}
              />
            )}
          />
        ))}
      </div>
      <p className="field__hint">{t('identity.photoTips')}</p>
      <SubmitButton isLoading={bind.isPending} isDisabled={photos.isProcessing}>
        {t('identity.submit')}
      </SubmitButton>
    </form>
  );
}
