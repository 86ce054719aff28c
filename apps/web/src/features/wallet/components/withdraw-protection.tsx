import { ERRORS } from '@app/contract/errors';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { PayPasswordSheet, payPasswordRefusal, twoFactorRefusal } from '../../../components/pay-password-sheet';
import { isApiError } from '../../../lib/api/api-error';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/time';
import { useWithdrawProtection } from '../api/get-withdraw-protection';
import { useSetWithdrawProtection } from '../api/set-withdraw-protection';

/**
 * Issue 14: "withdraw only to cards and addresses older than the cooldown", on by default. Turning it
 * off (not within 24 h of a password or verification change) or on again takes the payment password
 * and, when it is on, the authenticator code.
 */
export function WithdrawProtection() {
  const { t } = useTranslation();
  const protection = useWithdrawProtection();
  const setProtection = useSetWithdrawProtection();
  const [target, setTarget] = useState<boolean | null>(null);
  const [passwordError, setPasswordError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const data = protection.data;
  if (!data) return null;

  const open = (isOn: boolean) => {
    setPasswordError(undefined);
    setCodeError(undefined);
    setTarget(isOn);
  };
  const onError = (error: unknown) => {
    const codeRefusal = twoFactorRefusal(error);
    if (codeRefusal) return setCodeError(codeRefusal);
    const passwordRefusal = payPasswordRefusal(error);
    if (passwordRefusal) return setPasswordError(passwordRefusal);
    setTarget(null);
    // Refused for a recent security change: the time it can be turned off, in the user's own zone.
    if (isApiError(error) && error.code === ERRORS.withdraw_protection_locked.code) void protection.refetch();
    showError(error);
  };
  const onSubmit = (payPassword: string, twoFactorCode?: string) => {
    if (target === null) return;
    setProtection.mutate(
      { isOn: target, payPassword, twoFactorCode },
      {
        onSuccess: (saved) => {
          setTarget(null);
          showSuccess(saved.isOn ? t('withdrawGuard.turnedOn') : t('withdrawGuard.turnedOff'));
        },
        onError,
      },
    );
  };

  return (
    <section className="card withdraw-protection" aria-labelledby="withdraw-protection-title">
      <div className="withdraw-protection__row">
        <h2 className="card__title" id="withdraw-protection-title">
          {t('withdrawGuard.title')}
        </h2>
        <Switch checked={data.isOn} aria-label={t('withdrawGuard.title')} onChange={(isOn) => open(isOn)} />
      </div>
      <p className="field__hint">
        {data.isOn
          ? t('withdrawGuard.onHint', { hours: data.cooldownHours })
          : t('withdrawGuard.offHint', { hours: data.cooldownHours })}
      </p>
      {data.isOn && data.lockedUntil && (
        <p className="field__hint">{t('withdrawGuard.lockedUntil', { time: formatDateTime(data.lockedUntil) })}</p>
      )}
      <PayPasswordSheet
        isOpen={target !== null}
        titleId="withdraw-protection-sheet-title"
        title={target ? t('withdrawGuard.turnOnTitle') : t('withdrawGuard.turnOffTitle')}
        passwordLabel={t('withdraw.payPassword')}
        requiredMessage="pay_password_required"
        submitText={t('common.confirm')}
        note={target ? undefined : t('withdrawGuard.turnOffNote')}
        isPending={setProtection.isPending}
        error={passwordError}
        codeError={codeError}
        onClose={() => setTarget(null)}
        onSubmit={onSubmit}
      />
    </section>
  );
}
