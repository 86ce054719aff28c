import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  BOLL_K_MAX,
  BOLL_K_MIN,
  CHART_MODES,
  type ChartMode,
  type ChartSettings,
  clampK,
  clampPeriod,
  PERIOD_MAX,
  PERIOD_MIN,
} from './chart-settings';

/** How many indicators are on (the button says it). */
export function countIndicators(settings: ChartSettings): number {
  return [settings.ma.on, settings.ema.on, settings.boll.on, settings.volume, settings.rsi, settings.macd].filter(
    Boolean,
  ).length;
}

interface ToolbarProps {
  settings: ChartSettings;
  onChange: (next: ChartSettings) => void;
  isSheetOpen: boolean;
  onToggleSheet: () => void;
  sheetId: string;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}

/** The chart type (candles / line) and the button that opens the indicators. */
export function ChartToolbar({ settings, onChange, isSheetOpen, onToggleSheet, sheetId, buttonRef }: ToolbarProps) {
  const { t } = useTranslation();
  const count = countIndicators(settings);
  return (
    <div className="chart-tools">
      <fieldset className="chart-tools__modes">
        <legend className="sr-only">{t('chart.modes.label')}</legend>
        {CHART_MODES.map((mode: ChartMode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={settings.mode === mode}
            className={`chart-tools__mode${settings.mode === mode ? ' is-active' : ''}`}
            onClick={() => onChange({ ...settings, mode })}
          >
            {t(`chart.modes.${mode}`)}
          </button>
        ))}
      </fieldset>
      <button
        ref={buttonRef}
        type="button"
        className={`chart-tools__indicators${isSheetOpen ? ' is-active' : ''}`}
        aria-expanded={isSheetOpen}
        aria-controls={sheetId}
        onClick={onToggleSheet}
      >
        {/* The name is the whole phrase, from the content (no aria-label that the visible words and
            badge would have to match): the words and the badge are what is seen, the phrase what is read. */}
        {count > 0 ? (
          <>
            <span aria-hidden="true">{t('chart.indicators.button')}</span>
            <span className="chart-tools__count" aria-hidden="true">
              {count}
            </span>
            <span className="sr-only">{t('chart.indicators.buttonCount', { count })}</span>
          </>
        ) : (
          t('chart.indicators.button')
        )}
      </button>
    </div>
  );
}

/** A period typed freely; kept when it is a whole number in range, set within range on leaving. */
function NumberField({
  label,
  value,
  onCommit,
  clamp,
  min,
  max,
  step,
}: {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  clamp: (raw: unknown, fallback: number) => number;
  min: number;
  max: number;
  step: number;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const next = clamp(draft, value);
    setDraft(String(next));
    if (next !== value) onCommit(next);
  };
  return (
    <input
      className="chart-sheet__number"
      type="number"
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      min={min}
      max={max}
      step={step}
      aria-label={label}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        const number = Number(event.target.value);
        if (event.target.value !== '' && Number.isFinite(number) && number >= min && number <= max) {
          const next = clamp(number, value);
          if (next === number && next !== value) onCommit(next);
        }
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

interface SheetProps {
  id: string;
  settings: ChartSettings;
  onChange: (next: ChartSettings) => void;
  onClose: () => void;
}

/** The indicators, each on or off, with their periods: over the chart, which updates as they change. */
export function IndicatorSheet({ id, settings, onChange, onClose }: SheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  const period = t('chart.indicators.period');
  const range = t('chart.indicators.range', { min: PERIOD_MIN, max: PERIOD_MAX });

  const toggle = (label: string, checked: boolean, onToggle: (on: boolean) => void, ref?: typeof firstRef) => (
    <label className="chart-sheet__toggle">
      <input ref={ref} type="checkbox" checked={checked} onChange={(event) => onToggle(event.target.checked)} />
      <span>{label}</span>
    </label>
  );

  return (
    <section
      id={id}
      className="chart-sheet"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="chart-sheet__head">
        <h2 id={titleId} className="chart-sheet__title">
          {t('chart.indicators.title')}
        </h2>
        <button type="button" className="chart-sheet__done" onClick={onClose}>
          {t('chart.indicators.done')}
        </button>
      </header>
      <ul className="chart-sheet__list">
        <li className="chart-sheet__row">
          {toggle(
            t('chart.indicators.ma'),
            settings.ma.on,
            (on) => onChange({ ...settings, ma: { ...settings.ma, on } }),
            firstRef,
          )}
          <NumberField
            label={`${t('chart.indicators.ma')}: ${period} (${range})`}
            value={settings.ma.period}
            min={PERIOD_MIN}
            max={PERIOD_MAX}
            step={1}
            clamp={clampPeriod}
            onCommit={(value) => onChange({ ...settings, ma: { on: true, period: value } })}
          />
        </li>
        <li className="chart-sheet__row">
          {toggle(t('chart.indicators.ema'), settings.ema.on, (on) =>
            onChange({ ...settings, ema: { ...settings.ema, on } }),
          )}
          <NumberField
            label={`${t('chart.indicators.ema')}: ${period} (${range})`}
            value={settings.ema.period}
            min={PERIOD_MIN}
            max={PERIOD_MAX}
            step={1}
            clamp={clampPeriod}
            onCommit={(value) => onChange({ ...settings, ema: { on: true, period: value } })}
          />
        </li>
        <li className="chart-sheet__row">
          {toggle(t('chart.indicators.boll'), settings.boll.on, (on) =>
            onChange({ ...settings, boll: { ...settings.boll, on } }),
          )}
          <span className="chart-sheet__numbers">
            <NumberField
              label={`${t('chart.indicators.boll')}: ${period} (${range})`}
              value={settings.boll.period}
              min={PERIOD_MIN}
              max={PERIOD_MAX}
              step={1}
              clamp={clampPeriod}
              onCommit={(value) => onChange({ ...settings, boll: { ...settings.boll, on: true, period: value } })}
            />
            <NumberField
              label={`${t('chart.indicators.boll')}: ${t('chart.indicators.deviations')} (${t('chart.indicators.range', { min: BOLL_K_MIN, max: BOLL_K_MAX })})`}
              value={settings.boll.k}
              min={BOLL_K_MIN}
              max={BOLL_K_MAX}
              step={0.1}
              clamp={clampK}
              onCommit={(value) => onChange({ ...settings, boll: { ...settings.boll, on: true, k: value } })}
            />
          </span>
        </li>
        <li className="chart-sheet__row">
          {toggle(t('chart.indicators.volume'), settings.volume, (volume) => onChange({ ...settings, volume }))}
        </li>
        <li className="chart-sheet__row">
          {toggle(t('chart.indicators.rsi'), settings.rsi, (rsi) => onChange({ ...settings, rsi }))}
        </li>
        <li className="chart-sheet__row">
          {toggle(t('chart.indicators.macd'), settings.macd, (macd) => onChange({ ...settings, macd }))}
        </li>
      </ul>
    </section>
  );
}
