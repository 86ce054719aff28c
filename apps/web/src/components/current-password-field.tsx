import { useTranslation } from '../lib/i18n';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The login password asked again to confirm a change of security: a passkey added or removed, the
 * second factor set up or turned off, the payment password reset, a self-exclusion.
 */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('common.loginPassword')}
      placeholder={t('common.loginPasswordPlaceholder')}
      name="password"
      {...props}
      type="password"
      autoComplete="current-password"
    />
  );
}
