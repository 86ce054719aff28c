import type { Lang } from '@app/contract/lang';
import type { JournalKind, WaterState } from '@app/contract/ledger';
import type { OrderStatus } from '@app/contract/markets';

/** Every word a statement prints, in the three languages (the screens' own words where they have them). */
type Texts = Record<Lang, string>;

export const STATEMENT_TEXTS = {
  fundTitle: { en: 'Fund details statement', vn: 'Sao kê chi tiết quỹ', zn: '資金明細對帳單' },
  ordersTitle: { en: 'Order statement', vn: 'Sao kê lệnh giao dịch', zn: '訂單對帳單' },
  user: { en: 'User', vn: 'Người dùng', zn: '用戶' },
  period: { en: 'Period', vn: 'Kỳ sao kê', zn: '期間' },
  timeZone: { en: 'Time zone', vn: 'Múi giờ', zn: '時區' },
  currency: { en: 'Currency', vn: 'Tiền tệ', zn: '幣種' },
  openingBalance: { en: 'Opening balance', vn: 'Số dư đầu kỳ', zn: '期初餘額' },
  closingBalance: { en: 'Closing balance', vn: 'Số dư cuối kỳ', zn: '期末餘額' },
  balanceNote: {
    en: 'Balances are of the available balance, from the ledger; opening + the amounts below = closing.',
    vn: 'Số dư là số dư khả dụng theo sổ cái; số dư đầu kỳ + các khoản bên dưới = số dư cuối kỳ.',
    zn: '餘額為帳本記錄的可用餘額；期初餘額 + 下列金額 = 期末餘額。',
  },
  ordersBalanceNote: {
    en: 'Balances are of the available balance, from the ledger; it also moves with deposits, withdrawals and earn (see the fund details statement).',
    vn: 'Số dư là số dư khả dụng theo sổ cái; số dư này còn thay đổi theo nạp, rút và sinh lời (xem sao kê chi tiết quỹ).',
    zn: '餘額為帳本記錄的可用餘額；它也隨充值、提現與理財變動（請見資金明細對帳單）。',
  },
  generatedAt: { en: 'Generated', vn: 'Thời điểm tạo', zn: '產生時間' },
  page: { en: 'Page {n} of {total}', vn: 'Trang {n}/{total}', zn: '第 {n} 頁，共 {total} 頁' },
  noRows: {
    en: 'Nothing happened in this period.',
    vn: 'Không có giao dịch nào trong kỳ này.',
    zn: '此期間沒有任何紀錄。',
  },
  simulatedNote: {
    en: 'Prices of simulated products come from the platform’s simulated feed, not from a real market.',
    vn: 'Giá của các sản phẩm mô phỏng đến từ nguồn giá mô phỏng của nền tảng, không phải thị trường thật.',
    zn: '模擬商品的價格來自平台的模擬行情，並非真實市場。',
  },
  // Columns
  time: { en: 'Time', vn: 'Thời gian', zn: '時間' },
  type: { en: 'Type', vn: 'Loại', zn: '類型' },
  status: { en: 'Status', vn: 'Trạng thái', zn: '狀態' },
  amount: { en: 'Amount', vn: 'Số tiền', zn: '金額' },
  availableAfter: { en: 'Available after', vn: 'Khả dụng sau', zn: '變動後可用' },
  reference: { en: 'Reference', vn: 'Tham chiếu', zn: '參考編號' },
  note: { en: 'Note', vn: 'Ghi chú', zn: '備註' },
  orderNo: { en: 'Order no.', vn: 'Mã lệnh', zn: '訂單編號' },
  product: { en: 'Product', vn: 'Sản phẩm', zn: '商品' },
  direction: { en: 'Direction', vn: 'Hướng', zn: '方向' },
  periodSeconds: { en: 'Period (s)', vn: 'Kỳ hạn (giây)', zn: '週期（秒）' },
  stake: { en: 'Stake', vn: 'Tiền đặt', zn: '投資金額' },
  fee: { en: 'Fee', vn: 'Phí', zn: '手續費' },
  payoutRate: { en: 'Payout rate', vn: 'Tỷ lệ trả thưởng', zn: '收益率' },
  entryPrice: { en: 'Entry price', vn: 'Giá vào', zn: '開倉價' },
  exitPrice: { en: 'Exit price', vn: 'Giá ra', zn: '結算價' },
  payout: { en: 'Payout', vn: 'Tiền trả', zn: '派彩' },
  profit: { en: 'Profit', vn: 'Lãi/lỗ', zn: '盈虧' },
  settledAt: { en: 'Settled', vn: 'Thời gian kết toán', zn: '結算時間' },
  source: { en: 'Price source', vn: 'Nguồn giá', zn: '價格來源' },
  total: { en: 'Total', vn: 'Tổng', zn: '合計' },
  feeNote: { en: 'fee {amount}', vn: 'phí {amount}', zn: '手續費 {amount}' },
  up: { en: 'Buy rise', vn: 'Mua lên', zn: '買漲' },
  down: { en: 'Buy fall', vn: 'Mua xuống', zn: '買跌' },
  simulated: { en: 'simulated', vn: 'mô phỏng', zn: '模擬' },
  live: { en: 'live', vn: 'trực tiếp', zn: '即時' },
} as const satisfies Record<string, Texts>;

export type StatementTextKey = keyof typeof STATEMENT_TEXTS;

/** The fund details screen's own words (apps/web locales `water.kind` and `water.state`). */
export const KIND_TEXTS: Record<JournalKind, Texts> = {
  deposit: { en: 'Deposit', vn: 'Nạp tiền', zn: '充值' },
  withdrawal_request: { en: 'Withdrawal', vn: 'Rút tiền', zn: '提現' },
  withdrawal_payout: { en: 'Withdrawal paid', vn: 'Đã chi trả rút tiền', zn: '提現出款' },
  withdrawal_return: {
    en: 'Withdrawal rejected, refunded',
    vn: 'Rút tiền bị từ chối, đã hoàn tiền',
    zn: '提現駁回退款',
  },
  adjustment: { en: 'Adjustment', vn: 'Điều chỉnh', zn: '調整' },
  order_stake: { en: 'Order placed', vn: 'Đặt lệnh', zn: '下單' },
  order_settlement: { en: 'Order settled', vn: 'Tất toán lệnh', zn: '訂單結算' },
  order_void: { en: 'Order voided, refunded', vn: 'Lệnh bị hủy, đã hoàn tiền', zn: '訂單作廢，已退款' },
  wealth_purchase: { en: 'Locked deposit', vn: 'Gửi tiết kiệm cố định', zn: '定期理財' },
  wealth_interest: { en: 'Locked deposit interest', vn: 'Lãi tiết kiệm cố định', zn: '定期理財收益' },
  wealth_maturity: { en: 'Locked deposit principal back', vn: 'Hoàn gốc tiết kiệm cố định', zn: '定期理財本金返還' },
  flexible_subscribe: { en: 'Flexible earn subscription', vn: 'Gửi tiết kiệm linh hoạt', zn: '申購活期理財' },
  flexible_redeem: { en: 'Flexible earn redemption', vn: 'Rút tiết kiệm linh hoạt', zn: '贖回活期理財' },
  flexible_interest: { en: 'Flexible earn interest', vn: 'Lãi tiết kiệm linh hoạt', zn: '活期理財收益' },
  referral_cashback: { en: 'Referral cashback', vn: 'Hoàn tiền giới thiệu', zn: '推薦返傭' },
  // Practice money (issue 14) is in no statement; named for completeness.
  practice_grant: { en: 'Practice balance given', vn: 'Cấp số dư luyện tập', zn: '發放練習餘額' },
  practice_reset: { en: 'Practice balance reset', vn: 'Đặt lại số dư luyện tập', zn: '重設練習餘額' },
};

export const STATE_TEXTS: Record<WaterState, Texts> = {
  completed: { en: 'Completed', vn: 'Hoàn tất', zn: '已完成' },
  processing: { en: 'Processing', vn: 'Đang xử lý', zn: '處理中' },
  paid: { en: 'Paid', vn: 'Đã chi trả', zn: '已出款' },
  rejected: { en: 'Rejected', vn: 'Bị từ chối', zn: '已駁回' },
  open: { en: 'Open', vn: 'Đang mở', zn: '持倉中' },
  settled: { en: 'Settled', vn: 'Đã tất toán', zn: '已結算' },
  won: { en: 'Won', vn: 'Thắng', zn: '盈利' },
  lost: { en: 'Lost', vn: 'Thua', zn: '虧損' },
  tie: { en: 'Tie', vn: 'Hòa', zn: '平局' },
  void: { en: 'Voided', vn: 'Đã hủy', zn: '已作廢' },
  earning: { en: 'Earning', vn: 'Đang sinh lời', zn: '收益中' },
  complete: { en: 'Matured', vn: 'Đã đáo hạn', zn: '已到期' },
};

export const ORDER_STATUS_TEXTS: Record<OrderStatus, Texts> = {
  open: STATE_TEXTS.open,
  won: STATE_TEXTS.won,
  lost: STATE_TEXTS.lost,
  tie: STATE_TEXTS.tie,
  void: STATE_TEXTS.void,
};

/** A statement text in `lang`, with `{name}` placeholders filled. */
export function statementText(key: StatementTextKey, lang: Lang, values: Record<string, string | number> = {}): string {
  return STATEMENT_TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
