import type { PriceAlertMessages } from './types';

/** Traditional Chinese texts of the watchlist and price alerts (issue 15). */
export const znPriceAlerts: PriceAlertMessages = {
  watchlist: {
    tab: '自選',
    add: '將 {{symbol}} 加入自選',
    remove: '將 {{symbol}} 移出自選',
    empty: '尚無自選商品。點商品旁的星號 ☆ 即可加入這裡。',
    signInHint: '登入後即可保存自選。',
  },
  priceAlerts: {
    title: '價格提醒',
    bell: '{{symbol}} 的價格提醒',
    newTitle: '新增價格提醒 · {{symbol}}',
    current: '目前價格：{{price}}',
    kinds: { above: '漲到', below: '跌到', move: '漲跌幅' },
    price: '價格',
    percent: '漲跌幅（%）',
    window: '期間',
    windows: { '300': '5 分鐘', '3600': '1 小時', '86400': '24 小時' },
    create: '設定提醒',
    created: '提醒已設定。觸發時會在此處及通知中心告訴您。',
    manage: '我的全部價格提醒',
    empty: '尚無價格提醒。打開商品並點鈴鐺即可設定。',
    count: '{{count}} / {{max}} 個提醒',
    condition: {
      above: '價格 ≥ {{price}}',
      below: '價格 ≤ {{price}}',
      move: '{{window}}內漲跌 {{percent}}%',
    },
    armedFrom: '設定時價格 {{price}}',
    state: { on: '開啟', off: '關閉', fired: '已於 {{price}} 觸發，{{time}}' },
    toggle: '開啟提醒',
    delete: '刪除',
    deleteConfirm: '刪除此價格提醒？',
    serverNote: '伺服器會在每筆記錄的價格上檢查提醒，即使 App 已關閉。',
    fired: {
      above: '{{symbol}} 已漲到 {{price}}（提醒：≥ {{level}}）',
      below: '{{symbol}} 已跌到 {{price}}（提醒：≤ {{level}}）',
      move: '{{symbol}} {{window}}內漲跌 {{percent}}%：現價 {{price}}',
    },
  },
};
