import type { ScreenMessages } from './types';

/** The product chart's texts (features/markets: mode, crosshair readout, indicators), in Traditional Chinese. */
export const znChart: ScreenMessages['chart'] = {
  tools: '圖表顯示',
  modes: {
    label: '圖表類型',
    candles: 'K 線',
    line: '走勢線',
  },
  readout: {
    label: 'K 線數值',
    open: '開',
    high: '高',
    low: '低',
    close: '收',
    change: '漲跌幅',
  },
  indicators: {
    button: '指標',
    buttonCount: '指標（已開 {{count}} 個）',
    title: '指標',
    done: '完成',
    period: '週期',
    deviations: '標準差倍數 (k)',
    ma: '移動平均線 (MA)',
    ema: '指數移動平均線 (EMA)',
    boll: '布林通道',
    volume: '成交量',
    rsi: 'RSI (14)',
    macd: 'MACD (12, 26, 9)',
    range: '{{min}} 至 {{max}}',
  },
};
