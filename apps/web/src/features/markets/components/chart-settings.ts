/**
 * What the reader chose on the chart: the mode and the indicators with their periods. Remembered on
 * this device per user (`chartSettings:<user id>`, `chartSettings:guest` signed out), as the chart's
 * interval is (`chartInterval`). A stored value that does not parse, or is out of range, falls back
 * to the default of that one field.
 */

export const CHART_MODES = ['candles', 'line'] as const;
export type ChartMode = (typeof CHART_MODES)[number];

export const PERIOD_MIN = 2;
export const PERIOD_MAX = 200;
export const BOLL_K_MIN = 0.5;
export const BOLL_K_MAX = 4;

export interface ChartSettings {
  mode: ChartMode;
  ma: { on: boolean; period: number };
  ema: { on: boolean; period: number };
  boll: { on: boolean; period: number; k: number };
  volume: boolean;
  rsi: boolean;
  macd: boolean;
}

export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  mode: 'candles',
  ma: { on: false, period: 20 },
  ema: { on: false, period: 50 },
  boll: { on: false, period: 20, k: 2 },
  volume: true,
  rsi: false,
  macd: false,
};

export const RSI_PERIOD = 14;
export const MACD_PERIODS = { fast: 12, slow: 26, signal: 9 } as const;

export function chartSettingsKey(userId: string | null | undefined): string {
  return `chartSettings:${userId ?? 'guest'}`;
}

const asBoolean = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** A whole number of bars within the allowed range, else `fallback`. */
export function clampPeriod(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(PERIOD_MAX, Math.max(PERIOD_MIN, Math.round(number)));
}

export function clampK(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(BOLL_K_MAX, Math.max(BOLL_K_MIN, Math.round(number * 10) / 10));
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function parseChartSettings(raw: string | null): ChartSettings {
  const d = DEFAULT_CHART_SETTINGS;
  let value: Record<string, unknown> = {};
  try {
    value = record(raw ? JSON.parse(raw) : null);
  } catch {
    return d;
  }
  const ma = record(value.ma);
  const ema = record(value.ema);
  const boll = record(value.boll);
  return {
    mode: CHART_MODES.includes(value.mode as ChartMode) ? (value.mode as ChartMode) : d.mode,
    ma: { on: asBoolean(ma.on, d.ma.on), period: clampPeriod(ma.period, d.ma.period) },
    ema: { on: asBoolean(ema.on, d.ema.on), period: clampPeriod(ema.period, d.ema.period) },
    boll: {
      on: asBoolean(boll.on, d.boll.on),
      period: clampPeriod(boll.period, d.boll.period),
      k: clampK(boll.k, d.boll.k),
    },
    volume: asBoolean(value.volume, d.volume),
    rsi: asBoolean(value.rsi, d.rsi),
    macd: asBoolean(value.macd, d.macd),
  };
}

export function loadChartSettings(userId: string | null | undefined): ChartSettings {
  try {
    return parseChartSettings(window.localStorage.getItem(chartSettingsKey(userId)));
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
}

export function saveChartSettings(userId: string | null | undefined, settings: ChartSettings): void {
  try {
    window.localStorage.setItem(chartSettingsKey(userId), JSON.stringify(settings));
  } catch {
    // Storage refused (private mode): the choice lasts for this visit.
  }
}
