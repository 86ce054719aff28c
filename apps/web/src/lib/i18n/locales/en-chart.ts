/** The product chart's texts (features/markets: mode, crosshair readout, indicators), in English. */
export const enChart = {
  tools: 'Chart display',
  modes: {
    label: 'Chart type',
    candles: 'Candles',
    line: 'Line',
  },
  readout: {
    label: 'Candle values',
    open: 'Open',
    high: 'High',
    low: 'Low',
    close: 'Close',
    change: 'Change',
  },
  indicators: {
    button: 'Indicators',
    buttonCount: 'Indicators ({{count}} on)',
    title: 'Indicators',
    done: 'Done',
    period: 'Period',
    deviations: 'Deviations (k)',
    ma: 'Moving average (MA)',
    ema: 'Exponential moving average (EMA)',
    boll: 'Bollinger bands',
    volume: 'Volume',
    rsi: 'RSI (14)',
    macd: 'MACD (12, 26, 9)',
    range: '{{min}} to {{max}}',
  },
} as const;
