import type { ScreenMessages } from './types';

/** 從圖表下單（/xq，issue 15）。 */
export const znChartTrade: ScreenMessages['chartTrade'] = {
  panel: '下單',
  amount: '金額（USDT）',
  available: '可用 {{amount}} USDT',
  max: '最大',
  period: '週期',
  fee: '手續費',
  payout: '獲勝可得',
  ticket: '{{amount}} USDT · {{period}} · 獲勝可得 {{payout}}',
  rise: '漲',
  fall: '跌',
  fullForm: '下單表單',
  openOrders: '{{symbol}} 持倉中的訂單',
  entryAt: '開倉價 {{price}}',
  lines: {
    label: '圖表上您的訂單',
    entry: '{{direction}} {{amount}} USDT，開倉價 {{price}}。',
    open: '{{direction}} {{amount}} USDT，開倉價 {{price}}。{{outcome}}。',
    settled: '{{direction}} {{amount}} USDT，開倉價 {{price}}。{{result}}。',
  },
  result: {
    won: '獲勝 +{{amount}} USDT',
    lost: '虧損 {{amount}} USDT',
    tie: '平局：已退回本金',
    void: '無效：已退回本金及手續費',
  },
};
