import type { TwoFactorSetup } from '@app/contract/two-factor';
import { useState } from 'react';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDate } from '../../../lib/time';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { CodeActionForm } from '../components/code-action-form';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel';
import { SetupSection } from '../components/setup-section';
import '../two-factor.css';

/**
 * Account → Two-factor authentication (issue 14): its status; setup with a QR code, the key to type
 * and the first code; the ten recovery codes, shown once; new recovery codes; turning it off.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: showError,
    });
  const onEnabled = (codes: string[]) => {
    setSetup(null);
    setShownCodes(codes);
    showSuccess(t('twoFactor.enabledToast'));
  };

  let body: React.ReactNode = null;
  if (shownCodes) {
    body = <RecoveryCodesPanel codes={shownCodes} onSaved={() => setShownCodes(null)} />;
  } else if (setup) {
    body = <SetupSection setup={setup} onEnabled={onEnabled} />;
  } else if (status.data?.enabled) {
    body = (
      <>
        <CodeActionForm
          title={t('twoFactor.regenerateTitle')}
          text={t('twoFactor.regenerateText')}
          submitText={t('twoFactor.regenerate')}
          isPending={regenerate.isPending}
          onSend={({ code }, onRefused) =>
            regenerate.mutate(
              { code },
              { onSuccess: ({ recoveryCodes }) => setShownCodes(recoveryCodes), onError: onRefused },
            )
          }
        />
        <CodeActionForm
          title={t('twoFactor.disableTitle')}
          text={t('twoFactor.disableText')}
          submitText={t('twoFactor.disable')}
          asksPassword
          isPending={disable.isPending}
          onSend={(values, onRefused) =>
            disable.mutate(values, {
              onSuccess: () => showSuccess(t('twoFactor.disabledToast')),
              onError: onRefused,
            })
          }
        />
      </>
    );
  } else if (status.data) {
    body = (
      <button type="button" className="btn btn--primary btn--block" onClick={onStart} disabled={start.isPending}>
        {t('twoFactor.start')}
      </button>
    );
  }

  return (
    <NavPage title={t('twoFactor.title')} fallback="/my">
      <section className="card two-factor" aria-labelledby="two-factor-status">
        <p className="two-factor__status" id="two-factor-status">
          <strong>{t('twoFactor.title')}</strong>
          <span>
            {status.data?.enabled
              ? t('twoFactor.statusOn', { date: formatDate(status.data.enabledAt ?? Date.now()) })
              : status.data
                ? t('twoFactor.statusOff')
                : ''}
          </span>
        </p>
        {status.data?.enabled && (
          <p className="two-factor__text">{t('twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}</p>
        )}
        <p className="two-factor__text">{t('twoFactor.intro')}</p>
      </section>
      {body}
    </NavPage>
  );
}
