import type { Lang } from '@app/contract/lang';
import { useTranslation } from '../../../lib/i18n';
import { formatPercent, formatPrice, trendOf } from '../../../lib/price';
import { crosshairTimeLabel } from './chart-time';
import { changePercent } from './indicators';

export interface ReadoutBar {
  /** The bar's time as the chart draws it (shifted to the device's zone, chart-time.ts). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface ReadoutProps {
  bar: ReadoutBar | null;
  precision: number;
  shift: number;
  /** Whether the bar is the one under the crosshair (else the last one). */
  isHover: boolean;
}

/** Time, open, high, low, close and change of the candle under the crosshair, else of the last one. */
export function ChartReadout({ bar, precision, shift, isHover }: ReadoutProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const price = (value: number | undefined) =>
    value === undefined ? '--' : formatPrice(value.toFixed(precision), precision);
  const change = bar ? changePercent(bar.close, bar.open) : null;
  const changeText = change === null ? null : change.toFixed(2);
  const items = [
    { key: 'open', label: t('chart.readout.open'), value: price(bar?.open) },
    { key: 'high', label: t('chart.readout.high'), value: price(bar?.high) },
    { key: 'low', label: t('chart.readout.low'), value: price(bar?.low) },
    { key: 'close', label: t('chart.readout.close'), value: price(bar?.close) },
  ];
  return (
    <section
      className={`chart-readout${isHover ? ' is-hover' : ''}`}
      aria-label={t('chart.readout.label')}
      data-testid="chart-readout"
    >
      <p className="chart-readout__head">
        <time className="chart-readout__time">{bar ? crosshairTimeLabel(bar.time, shift, lang) : '--'}</time>
        <span className="chart-readout__change">
          <span className="chart-readout__label">{t('chart.readout.change')}</span>{' '}
          <span className={`is-${trendOf(changeText)}`}>{formatPercent(changeText)}</span>
        </span>
      </p>
      <dl className="chart-readout__values">
        {items.map((item) => (
          <div key={item.key} className="chart-readout__item">
            <dt className="chart-readout__label">{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
