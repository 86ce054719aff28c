import type { enPasskeysStart } from './en-passkeys-start';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The passkey texts of the first screens (the login page's button), in the chunk /login loads. */
export const znPasskeysStart: Widen<typeof enPasskeysStart> = {
  passkeyPrompt: {
    signIn: '使用通行金鑰登入',
    or: '或',
    cancelled: '通行金鑰提示已取消或逾時，未送出任何資料；準備好後請再試一次。',
    unsupported: '此瀏覽器無法使用通行金鑰。',
  },
};
