import type { enWithdrawGuard } from './en-withdraw-guard';

type Texts = { [K in keyof typeof enWithdrawGuard.withdrawGuard]: string };

/** Issue 14：新綁定銀行卡與地址的提現冷靜期，以及用戶的提現保護設定（繁體中文）。 */
export const znWithdrawGuard: { withdrawGuard: Texts } = {
  withdrawGuard: {
    coolingDown: '剛綁定：{{left}}後才可接收提現。',
    usableFrom: '{{time}} 起可用',
    hoursLeft: '{{h}}\u00a0小時 {{m}}\u00a0分鐘',
    minutesLeft: '{{m}}\u00a0分鐘',
    title: '提現保護',
    onHint: '已開啟：僅可提現至綁定超過 {{hours}} 小時的銀行卡與地址。',
    offHint: '已關閉：新綁定的銀行卡或地址可立即接收提現（安全設定需等待 {{hours}} 小時）。',
    lockedUntil: '您的密碼或驗證方式剛變更：{{time}} 起才可關閉。',
    turnOffTitle: '關閉提現保護',
    turnOnTitle: '開啟提現保護',
    turnOffNote: '關閉後，任何進入您帳戶的人都可將資金轉至其剛綁定的銀行卡或地址。',
    turnedOn: '提現保護已開啟',
    turnedOff: '提現保護已關閉',
    remove: '刪除',
    removeLabel: '刪除地址 {{address}}',
    removeTitle: '刪除此地址',
    removeNote: '刪除立即生效。日後重新新增將重新開始等待期。',
    removed: '地址已刪除',
  },
};
