import { useTranslation } from 'react-i18next';

/** Honest labels (DESIGN.md 0): wherever prices are shown. */
export function SimulatedLabel({ source = 'simulated' }: { source?: string }) {
  const { t } = useTranslation();
  if (source !== 'simulated') return null;
  return (
    <span className="sim-label" title={t('markets.simulatedNote')}>
      <span className="sim-label__dot" aria-hidden="true" />
      {t('markets.simulated')}
    </span>
  );
}
