import { LANGS, type Lang } from '@app/contract/lang';
import { useQueryClient } from '@tanstack/react-query';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { NavPage } from '../../../components/nav-page';
import { changeLang, currentLang } from '../../../lib/i18n';
import { LANG_NAMES } from '../../../lib/i18n/lang-names';

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
      <div className="choice-list" role="radiogroup" aria-label={t('lang.title')}>
        {LANGS.map((lang) => (
          <button
            key={lang}
            type="button"
            role="radio"
            aria-checked={lang === selected}
            className={`choice${lang === selected ? ' choice--selected' : ''}`}
            lang={lang === 'vn' ? 'vi' : lang === 'zn' ? 'zh-Hant' : 'en'}
            onClick={() => onSelect(lang)}
          >
            <span className="choice__label">{LANG_NAMES[lang]}</span>
            {lang === selected && <CheckOutline className="choice__check" aria-hidden="true" />}
          </button>
        ))}
      </div>
    </NavPage>
  );
}
