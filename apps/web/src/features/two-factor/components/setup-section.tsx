import { ERRORS } from '@app/contract/errors';
import type { TwoFactorSetup } from '@app/contract/two-factor';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api/api-error';
import { copyText } from '../../../lib/clipboard';
import { translateFieldMessage } from '../../../lib/form/field-message';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { useEnableTwoFactor } from '../api/enable-two-factor';

const PASSWORD_REFUSALS: readonly number[] = [ERRORS.password_incorrect.code, ERRORS.pay_password_locked.code];

interface SetupSectionProps {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
}

type Errors = { code?: string; password?: string };

/**
 * Setup: the QR code and the key to type, then the app's first code and the login password again
 * (a session alone cannot turn it on) turn it on.
 */
export function SetupSection({ setup, onEnabled }: SetupSectionProps) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const copySecret = async () => {
    if (await copyText(setup.secret)) showSuccess(t('toast.copySuccess'));
    else showError(new Error(t('errors.unknown')));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const next: Errors = {};
    if (!typed) next.code = translateFieldMessage('two_factor_code_required');
    else if (!/^\d{6}$/.test(typed)) next.code = translateFieldMessage('totp_invalid');
    if (!password) next.password = translateFieldMessage('password_required');
    setErrors(next);
    if (next.code || next.password) return;
    enable.mutate(
      { code: typed, password },
      {
        onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
        onError: (failure) => {
          if (!isApiError(failure) || failure.status === 0 || failure.status >= 500) return showError(failure);
          // A wrong password (or the lock it led to) under the password; the code stays typed.
          if (failure.fields.password || PASSWORD_REFUSALS.includes(failure.code)) {
            setPassword('');
            return setErrors({ password: failure.fields.password ?? failure.message });
          }
          setCode('');
          setErrors({ code: failure.fields.code ?? failure.message });
        },
      },
    );
  };
  return (
    <section className="card two-factor" aria-labelledby="two-factor-setup-title">
      <h2 className="two-factor__title" id="two-factor-setup-title">
        {t('twoFactor.start')}
      </h2>
      <p className="two-factor__text">{t('twoFactor.step1')}</p>
      <div className="two-factor__qr">
        <QRCodeSVG
          value={setup.otpauthUri}
          size={184}
          marginSize={0}
          level="M"
          role="img"
          aria-label={t('twoFactor.qrLabel')}
        />
      </div>
      <p className="two-factor__text">{t('twoFactor.secretLabel')}</p>
      {/* In groups of four, as authenticator apps show keys; copying gives it whole. */}
      <p className="two-factor__secret mono" data-testid="two-factor-secret">
        {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
      </p>
      <div className="two-factor__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void copySecret()}>
          {t('twoFactor.copySecret')}
        </button>
      </div>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="two-factor__text">{t('twoFactor.step2')}</p>
        <TextField
          label={t('twoFactor.code')}
          placeholder={t('twoFactor.codePlaceholder')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.target.value);
            if (errors.code) setErrors({ ...errors, code: undefined });
          }}
        />
        <p className="two-factor__text">{t('twoFactor.step3')}</p>
        <CurrentPasswordField
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors({ ...errors, password: undefined });
          }}
        />
        <SubmitButton isLoading={enable.isPending}>{t('twoFactor.confirm')}</SubmitButton>
      </form>
    </section>
  );
}
