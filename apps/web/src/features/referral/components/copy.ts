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

/** A rate in basis points as a percentage: 1000 → "10%", 333 → "3.33%". */
export function formatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}
