import { afterEach, describe, expect, it } from 'vitest';
import {
  chartSettingsKey,
  DEFAULT_CHART_SETTINGS,
  loadChartSettings,
  parseChartSettings,
  saveChartSettings,
} from './chart-settings';

describe('chart settings', () => {
  afterEach(() => window.localStorage.clear());

  it('are kept per user, and signed out under "guest"', () => {
    const mine = { ...DEFAULT_CHART_SETTINGS, mode: 'line' as const, rsi: true };
    saveChartSettings('7', mine);
    expect(window.localStorage.getItem(chartSettingsKey('7'))).not.toBeNull();
    expect(loadChartSettings('7')).toEqual(mine);
    expect(loadChartSettings('8')).toEqual(DEFAULT_CHART_SETTINGS);
    expect(loadChartSettings(null)).toEqual(DEFAULT_CHART_SETTINGS);
    expect(chartSettingsKey(null)).toBe('chartSettings:guest');
  });

  it('fall back field by field on what does not parse or is out of range', () => {
    expect(parseChartSettings('not json')).toEqual(DEFAULT_CHART_SETTINGS);
    expect(parseChartSettings(null)).toEqual(DEFAULT_CHART_SETTINGS);
    const parsed = parseChartSettings(
      JSON.stringify({
        mode: 'bars',
        ma: { on: true, period: 1000 },
        ema: { on: 'yes', period: 1 },
        boll: { on: true, period: 'x', k: 9 },
        volume: false,
        macd: true,
      }),
    );
    expect(parsed).toEqual({
      mode: 'candles',
      ma: { on: true, period: 200 },
      ema: { on: false, period: 2 },
      boll: { on: true, period: 20, k: 4 },
      volume: false,
      rsi: false,
      macd: true,
    });
  });
});
