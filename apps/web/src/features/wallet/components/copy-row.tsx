import { copyText } from '../../../lib/clipboard';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';

/** Copies with the spec's 'Copy Successfully'. */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    if (await copyText(text)) showSuccess(t('toast.copySuccess'));
    else showError(new Error(t('errors.unknown')));
  };
}

/** A labelled value the user types into their bank app, with its own copy button. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="copy-row">
      <span className="copy-row__label">{label}</span>
      <span className="copy-row__value">{value}</span>
      <button
        type="button"
        className="chip-button"
        onClick={() => copy(value)}
        aria-label={t('deposit.copyField', { name: label })}
      >
        {t('common.copy')}
      </button>
    </div>
  );
}
