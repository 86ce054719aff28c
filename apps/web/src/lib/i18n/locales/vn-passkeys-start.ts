import type { enPasskeysStart } from './en-passkeys-start';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The passkey texts of the first screens (the login page's button), in the chunk /login loads. */
export const vnPasskeysStart: Widen<typeof enPasskeysStart> = {
  passkeyPrompt: {
    signIn: 'Đăng nhập bằng khóa truy cập',
    or: 'hoặc',
    cancelled: 'Yêu cầu khóa truy cập đã bị hủy hoặc hết thời gian. Chưa có gì được gửi; hãy thử lại khi sẵn sàng.',
    unsupported: 'Trình duyệt này không dùng được khóa truy cập.',
  },
};
