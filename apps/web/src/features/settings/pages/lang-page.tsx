import { LANGS, type Lang } from '@app/contract/lang';
import { useQueryClient } from '@tanstack/react-query';
import { CheckOutline } from 'antd-mobile-icons';
import { NavPage } from '../../../components/nav-page';
import { changeLang, currentLang, useTranslation } from '../../../lib/i18n';
import { LANG_NAMES } from '../../../lib/i18n/lang-names';

const HTML_LANG_OF: Record<Lang, string> = { en: 'en', vn: 'vi', zn: 'zh-Hant' };

export default function LangPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selected = currentLang();

  const onSelect = async (lang: Lang) => {
    if (lang === selected) return;
    await changeLang(lang);
    // Server texts (config, messages) come in the request language: fetch them again.
    await queryClient.invalidateQueries();
  };

  return (
    <NavPage title={t('lang.title')}>
      <p className="page__intro">{t('lang.hint')}</p>
      <fieldset className="choice-list">
        <legend className="sr-only">{t('lang.title')}</legend>
        {LANGS.map((lang) => (
          <label key={lang} className={`choice${lang === selected ? ' choice--selected' : ''}`}>
            <input
              className="sr-only"
              type="radio"
              name="lang"
              value={lang}
              checked={lang === selected}
              onChange={() => onSelect(lang)}
            />
            <span className="choice__label" lang={HTML_LANG_OF[lang]}>
              {LANG_NAMES[lang]}
            </span>
            {lang === selected && <CheckOutline className="choice__check" aria-hidden="true" />}
          </label>
        ))}
      </fieldset>
    </NavPage>
  );
}
