import { copyText } from '../../../lib/clipboard';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onSaved: () => void;
}

/** The ten recovery codes, shown once: copy, download, and "I have saved them" to leave. */
export function RecoveryCodesPanel({ codes, onSaved }: RecoveryCodesPanelProps) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    if (await copyText(text)) showSuccess(t('toast.copySuccess'));
    else showError(new Error(t('errors.unknown')));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vela-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="card two-factor__codes" aria-labelledby="recovery-codes-title">
      <h2 className="two-factor__title" id="recovery-codes-title">
        {t('twoFactor.codesTitle')}
      </h2>
      <p className="two-factor__text">{t('twoFactor.codesText')}</p>
      <ol className="two-factor__code-list mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void copy()}>
          {t('twoFactor.copyCodes')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={download}>
          {t('twoFactor.downloadCodes')}
        </button>
      </div>
      <button type="button" className="btn btn--primary btn--block" onClick={onSaved}>
        {t('twoFactor.saved')}
      </button>
    </section>
  );
}
