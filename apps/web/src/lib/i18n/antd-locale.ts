import type { Lang } from '@app/contract/lang';
import type { Locale } from 'antd-mobile/es/locales/base';

/**
 * antd-mobile's own texts (the names screen readers hear, "clear", "confirm") in the app's language:
 * without this it speaks Simplified Chinese in every language. Its zh-TW leaves some texts in
 * English; they are filled in here, in Traditional Chinese.
 */
const ZH_TW_MISSING = {
  Input: { clear: '清除' },
  PasscodeInput: { name: '密碼輸入框' },
  SearchBar: { name: '搜尋框' },
  Switch: { name: '開關' },
  Slider: { name: '滑動輸入條' },
  Selector: { name: '選擇組' },
  Stepper: { decrease: '減少', increase: '增加' },
  ImageUploader: { upload: '上傳' },
  InfiniteScroll: { failedToLoad: '載入失敗', retry: '重新載入' },
  DatePicker: { tillNow: '至今' },
};

const LOADERS: Record<Lang, () => Promise<Locale>> = {
  en: () => import('antd-mobile/es/locales/en-US').then((module) => module.default),
  vn: () =>
    import('antd-mobile/es/locales/vi-VN').then((module) => ({
      ...module.default,
      Dialog: { ...module.default.Dialog, ok: 'Đồng ý' },
      Modal: { ...module.default.Modal, ok: 'Đồng ý' },
    })),
  zn: () =>
    import('antd-mobile/es/locales/zh-TW').then((module) => {
      const locale = { ...module.default } as Record<string, unknown>;
      for (const [component, texts] of Object.entries(ZH_TW_MISSING)) {
        locale[component] = { ...(locale[component] as object), ...texts };
      }
      return locale as unknown as Locale;
    }),
};

const loaded = new Map<Lang, Locale>();

/** Loads antd-mobile's texts of a language (with the app's own, in the same step). */
export async function loadAntdLocale(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) loaded.set(lang, await LOADERS[lang]());
}

/** antd-mobile's texts of a loaded language. */
export function antdLocaleOf(lang: Lang): Locale | undefined {
  return loaded.get(lang);
}
