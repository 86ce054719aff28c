import type { PriceAlertMessages } from './types';

/** Vietnamese texts of the watchlist and price alerts (issue 15). */
export const vnPriceAlerts: PriceAlertMessages = {
  watchlist: {
    tab: 'Yêu thích',
    add: 'Thêm {{symbol}} vào yêu thích',
    remove: 'Bỏ {{symbol}} khỏi yêu thích',
    empty: 'Chưa có mục yêu thích. Chạm vào ngôi sao ☆ cạnh sản phẩm để lưu vào đây.',
    signInHint: 'Đăng nhập để lưu mục yêu thích.',
  },
  priceAlerts: {
    title: 'Cảnh báo giá',
    bell: 'Cảnh báo giá cho {{symbol}}',
    newTitle: 'Cảnh báo giá mới · {{symbol}}',
    current: 'Giá hiện tại: {{price}}',
    kinds: { above: 'Tăng đến', below: 'Giảm đến', move: 'Biến động' },
    price: 'Giá',
    percent: 'Biến động (%)',
    window: 'Trong vòng',
    windows: { '300': '5 phút', '3600': '1 giờ', '86400': '24 giờ' },
    create: 'Đặt cảnh báo',
    created: 'Đã đặt cảnh báo. Bạn sẽ được báo tại đây và trong mục thông báo.',
    manage: 'Tất cả cảnh báo giá của tôi',
    empty: 'Chưa có cảnh báo giá. Mở một sản phẩm và chạm vào chuông để đặt.',
    count: '{{count}}/{{max}} cảnh báo',
    condition: {
      above: 'Giá ≥ {{price}}',
      below: 'Giá ≤ {{price}}',
      move: 'Biến động {{percent}}% trong {{window}}',
    },
    armedFrom: 'Đặt khi giá {{price}}',
    state: { on: 'Bật', off: 'Tắt', fired: 'Đã báo ở giá {{price}}, {{time}}' },
    toggle: 'Bật cảnh báo',
    delete: 'Xóa',
    deleteConfirm: 'Xóa cảnh báo giá này?',
    serverNote: 'Máy chủ kiểm tra cảnh báo ở mỗi mức giá được ghi nhận, kể cả khi ứng dụng đã đóng.',
    fired: {
      above: '{{symbol}} đã tăng đến {{price}} (cảnh báo: ≥ {{level}})',
      below: '{{symbol}} đã giảm đến {{price}} (cảnh báo: ≤ {{level}})',
      move: '{{symbol}} biến động {{percent}}% trong {{window}}: hiện {{price}}',
    },
  },
};
