/** Trading from the product chart (/xq, issue 15): the order panel, open orders on the chart, results. */
export const enChartTrade = {
  panel: 'Place an order',
  amount: 'Amount (USDT)',
  available: 'Available {{amount}} USDT',
  max: 'Max',
  period: 'Period',
  fee: 'Fee',
  payout: 'Payout if won',
  ticket: '{{amount}} USDT · {{period}} · pays {{payout}} if won',
  rise: 'Rise',
  fall: 'Fall',
  fullForm: 'Order form',
  openOrders: 'Open orders on {{symbol}}',
  entryAt: 'Entry {{price}}',
  /** A text mirror of the order lines drawn on the chart's canvas, for screen readers. */
  lines: {
    label: 'Your orders drawn on the chart',
    entry: '{{direction}} {{amount}} USDT, entry {{price}}.',
    open: '{{direction}} {{amount}} USDT, entry {{price}}. {{outcome}}.',
    settled: '{{direction}} {{amount}} USDT, entry {{price}}. {{result}}.',
  },
  result: {
    won: 'Won +{{amount}} USDT',
    lost: 'Lost {{amount}} USDT',
    tie: 'Tie: stake returned',
    void: 'Void: stake and fee returned',
  },
} as const;
