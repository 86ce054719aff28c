import type { ScreenMessages } from './types';

/** Giao dịch từ biểu đồ (/xq, issue 15). */
export const vnChartTrade: ScreenMessages['chartTrade'] = {
  panel: 'Đặt lệnh',
  amount: 'Số tiền (USDT)',
  available: 'Khả dụng {{amount}} USDT',
  max: 'Tối đa',
  period: 'Thời hạn',
  fee: 'Phí',
  payout: 'Nhận nếu thắng',
  ticket: '{{amount}} USDT · {{period}} · thắng nhận {{payout}}',
  rise: 'Tăng',
  fall: 'Giảm',
  fullForm: 'Mẫu đặt lệnh',
  openOrders: 'Lệnh đang mở của {{symbol}}',
  entryAt: 'Giá vào {{price}}',
  lines: {
    label: 'Lệnh của bạn trên biểu đồ',
    entry: '{{direction}} {{amount}} USDT, giá vào {{price}}.',
    open: '{{direction}} {{amount}} USDT, giá vào {{price}}. {{outcome}}.',
    settled: '{{direction}} {{amount}} USDT, giá vào {{price}}. {{result}}.',
  },
  result: {
    won: 'Thắng +{{amount}} USDT',
    lost: 'Thua {{amount}} USDT',
    tie: 'Hòa: đã hoàn tiền cược',
    void: 'Vô hiệu: đã hoàn tiền cược và phí',
  },
};
