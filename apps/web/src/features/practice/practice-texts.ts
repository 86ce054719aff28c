import type { Lang } from '@app/contract/lang';
import { useTranslation } from '../../lib/i18n';

/** The practice switch's texts (issue 14), kept with the feature so the shared locale files stay untouched. */
const TEXTS = {
  en: {
    switchLabel: 'Trading account',
    real: 'Real',
    practice: 'Practice',
    band: 'Practice account: practice money, no real gain or loss',
    balance: 'Practice balance',
    reset: 'Reset to 10,000',
    resetDone: 'Practice balance reset to 10,000',
    resetTomorrow: 'Next reset after {{time}}',
  },
  vn: {
    switchLabel: 'Tài khoản giao dịch',
    real: 'Thật',
    practice: 'Luyện tập',
    band: 'Tài khoản luyện tập: tiền luyện tập, không lãi lỗ thật',
    balance: 'Số dư luyện tập',
    reset: 'Đặt lại 10.000',
    resetDone: 'Đã đặt lại số dư luyện tập về 10.000',
    resetTomorrow: 'Lần đặt lại tiếp theo sau {{time}}',
  },
  zn: {
    switchLabel: '交易帳戶',
    real: '真實',
    practice: '練習',
    band: '練習帳戶：練習資金，不產生真實盈虧',
    balance: '練習餘額',
    reset: '重設為 10,000',
    resetDone: '練習餘額已重設為 10,000',
    resetTomorrow: '下次可重設時間：{{time}}',
  },
} satisfies Record<Lang, Record<string, string>>;

export type PracticeTextKey = keyof (typeof TEXTS)['en'];

/** `tp(key, values)`: the practice texts in the app's language, {{placeholders}} filled. */
export function usePracticeTexts() {
  const { i18n } = useTranslation();
  const texts = TEXTS[i18n.language] ?? TEXTS.en;
  return (key: PracticeTextKey, values: Record<string, string> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}
