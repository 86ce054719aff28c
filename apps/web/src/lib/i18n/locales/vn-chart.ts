import type { ScreenMessages } from './types';

/** The product chart's texts (features/markets: mode, crosshair readout, indicators), in Vietnamese. */
export const vnChart: ScreenMessages['chart'] = {
  tools: 'Hiển thị biểu đồ',
  modes: {
    label: 'Kiểu biểu đồ',
    candles: 'Nến',
    line: 'Đường',
  },
  readout: {
    label: 'Giá trị nến',
    open: 'Mở',
    high: 'Cao',
    low: 'Thấp',
    close: 'Đóng',
    change: 'Thay đổi',
  },
  indicators: {
    button: 'Chỉ báo',
    buttonCount: 'Chỉ báo ({{count}} đang bật)',
    title: 'Chỉ báo',
    done: 'Xong',
    period: 'Chu kỳ',
    deviations: 'Độ lệch (k)',
    ma: 'Đường trung bình (MA)',
    ema: 'Trung bình hàm mũ (EMA)',
    boll: 'Dải Bollinger',
    volume: 'Khối lượng',
    rsi: 'RSI (14)',
    macd: 'MACD (12, 26, 9)',
    range: '{{min}} đến {{max}}',
  },
};
