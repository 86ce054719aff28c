import type { TradingPeriod } from '@app/contract/markets';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ratePercent } from './trade-math';

/** The period an order form has chosen (the first one until the user picks another), and its setter. */
export function usePeriodChoice(periods: TradingPeriod[]): [TradingPeriod, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(periods[0]?.seconds ?? 0);
  return [periods.find((item) => item.seconds === seconds) ?? periods[0]!, setSeconds];
}

interface PeriodPickerProps {
  periods: TradingPeriod[];
  selected: TradingPeriod;
  onSelect: (seconds: number) => void;
  legend: string;
  className: string;
  legendClassName: string;
}

/** A button per period, with its payout rate; the chosen one pressed. /trade and the chart's panel. */
export function PeriodPicker({ periods, selected, onSelect, legend, className, legendClassName }: PeriodPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {periods.map((item) => (
        <button
          key={item.seconds}
          type="button"
          aria-pressed={item.seconds === selected.seconds}
          className={`period${item.seconds === selected.seconds ? ' period--active' : ''}`}
          onClick={() => onSelect(item.seconds)}
        >
          <strong>{t('trade.seconds', { count: item.seconds })}</strong>
          <small>{t('trade.payout', { rate: ratePercent(item.payoutRate) })}</small>
        </button>
      ))}
    </fieldset>
  );
}
