import type { enWithdrawGuard } from './en-withdraw-guard';

type Texts = { [K in keyof typeof enWithdrawGuard.withdrawGuard]: string };

/** Issue 14: thời gian chờ của thẻ và địa chỉ mới, và cài đặt bảo vệ rút tiền (tiếng Việt). */
export const vnWithdrawGuard: { withdrawGuard: Texts } = {
  withdrawGuard: {
    coolingDown: 'Vừa liên kết: có thể nhận tiền rút sau {{left}}.',
    usableFrom: 'Dùng được từ {{time}}',
    hoursLeft: '{{h}}\u00a0giờ {{m}}\u00a0phút',
    minutesLeft: '{{m}}\u00a0phút',
    title: 'Bảo vệ rút tiền',
    onHint: 'Bật: chỉ rút về thẻ và địa chỉ đã liên kết hơn {{hours}} giờ.',
    offHint: 'Tắt: thẻ hoặc địa chỉ vừa liên kết có thể nhận tiền rút ngay (cài đặt an toàn chờ {{hours}} giờ).',
    lockedUntil: 'Mật khẩu hoặc xác minh của bạn vừa thay đổi: có thể tắt từ {{time}}.',
    turnOffTitle: 'Tắt bảo vệ rút tiền',
    turnOnTitle: 'Bật bảo vệ rút tiền',
    turnOffNote: 'Khi đó, ai vào được tài khoản của bạn có thể chuyển tiền tới thẻ hoặc địa chỉ họ vừa liên kết.',
    turnedOn: 'Đã bật bảo vệ rút tiền',
    turnedOff: 'Đã tắt bảo vệ rút tiền',
    remove: 'Xóa',
    removeLabel: 'Xóa địa chỉ {{address}}',
    removeTitle: 'Xóa địa chỉ này',
    removeNote: 'Xóa có hiệu lực ngay. Thêm lại sau đó sẽ bắt đầu thời gian chờ mới.',
    removed: 'Đã xóa địa chỉ',
  },
};
