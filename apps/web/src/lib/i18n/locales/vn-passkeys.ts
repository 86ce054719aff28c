import type { enPasskeysScreens } from './en-passkeys';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const vnPasskeysScreens: Widen<typeof enPasskeysScreens> = {
  passkeys: {
    title: 'Khóa truy cập',
    menuLabel: 'Khóa truy cập',
    intro:
      'Khóa truy cập cho phép đăng nhập bằng vân tay, khuôn mặt hoặc khóa màn hình thay cho mật khẩu, và xác nhận rút tiền cùng các giao dịch tiền khác thay cho mã.',
    empty: 'Chưa có khóa truy cập nào.',
    add: 'Thêm khóa truy cập',
    addTitle: 'Thêm khóa truy cập',
    name: 'Tên',
    namePlaceholder: 'VD: Điện thoại của tôi',
    addSubmit: 'Tiếp tục',
    added: 'Đã thêm khóa truy cập',
    created: 'Thêm lúc {{time}}',
    lastUsed: 'Dùng lần cuối {{time}}',
    neverUsed: 'Chưa dùng',
    synced: 'Đồng bộ',
    rename: 'Đổi tên',
    renameTitle: 'Đổi tên khóa truy cập',
    renamed: 'Đã đổi tên khóa truy cập',
    save: 'Lưu',
    remove: 'Xóa',
    removeTitle: 'Xóa “{{name}}”?',
    removeText:
      'Nhập mật khẩu đăng nhập, rồi xác nhận bằng khóa truy cập (kể cả khóa này) hoặc, khi đã bật xác thực hai bước, bằng mã từ ứng dụng xác thực. Khóa sẽ không thể dùng để đăng nhập nữa.',
    removeCode: 'Mã xác thực hoặc mã khôi phục',
    removeCodePlaceholder: '6 chữ số hoặc mã khôi phục',
    removeWithPasskey: 'Sau đó cần xác nhận bằng một khóa truy cập (khóa này hoặc khóa khác).',
    removed: 'Đã xóa khóa truy cập',
    count: 'Đã đăng ký {{count}}',
    sheetUse: 'Dùng khóa truy cập',
    sheetOr: 'hoặc nhập mã',
    sheetNote: 'Xác nhận bằng khóa truy cập (vân tay, khuôn mặt hoặc khóa màn hình).',
  },
};
