import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { translateFieldMessage } from '../lib/form/field-message';
import { useTranslation } from '../lib/i18n';
import { PasscodeField } from './passcode-field';

interface PayPasswordBlockProps<T extends FieldValues, R extends FieldValues> {
  control: Control<T, unknown, R>;
  name: Path<T>;
  label: string;
}

/** A form's six digit payment password on the number pad, with its (translated) message. */
export function PayPasswordBlock<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  label,
}: PayPasswordBlockProps<T, R>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasscodeField
          label={label}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={translateFieldMessage(fieldState.error?.message)}
          keyboardTitle={t('payPassword.keyboardTitle')}
          confirmText={t('common.confirm')}
        />
      )}
    />
  );
}
