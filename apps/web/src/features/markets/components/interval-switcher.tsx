import { KLINE_INTERVALS, type KlineInterval } from '@app/contract/markets';
import { useTranslation } from '../../../lib/i18n';

export function IntervalSwitcher({
  value,
  onChange,
}: {
  value: KlineInterval;
  onChange: (next: KlineInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="intervals">
      <legend className="sr-only">{t('markets.interval')}</legend>
      {KLINE_INTERVALS.map((interval) => (
        <button
          key={interval}
          type="button"
          aria-pressed={interval === value}
          className={`interval${interval === value ? ' interval--active' : ''}`}
          onClick={() => onChange(interval)}
        >
          {interval}
        </button>
      ))}
    </fieldset>
  );
}
