import {
  DownlandOutline,
  HistogramOutline,
  MessageOutline,
  QuestionCircleOutline,
  TeamOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

type ShortcutKey = 'deposit' | 'withdraw' | 'invite' | 'help' | 'support' | 'markets';

const SHORTCUTS: { key: ShortcutKey; to: string; icon: ReactNode; tone: string }[] = [
  { key: 'deposit', to: '/recharge', icon: <DownlandOutline />, tone: 'blue' },
  { key: 'withdraw', to: '/withdraw', icon: <UploadOutline />, tone: 'violet' },
  { key: 'invite', to: '/yqhy', icon: <TeamOutline />, tone: 'orange' },
  { key: 'markets', to: '/hq', icon: <HistogramOutline />, tone: 'green' },
  { key: 'help', to: '/bz', icon: <QuestionCircleOutline />, tone: 'teal' },
  { key: 'support', to: '/kf', icon: <MessageOutline />, tone: 'pink' },
];

export function ShortcutGrid({ omit = [] }: { omit?: ShortcutKey[] }) {
  const { t } = useTranslation();
  const shortcuts = SHORTCUTS.filter((shortcut) => !omit.includes(shortcut.key));
  return (
    <section className="card" aria-labelledby="shortcuts-title">
      <h2 className="card__title" id="shortcuts-title">
        {t('home.shortcutsTitle')}
      </h2>
      <ul className="shortcuts">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.key}>
            <Link className="shortcut" to={shortcut.to}>
              <span className={`shortcut__icon shortcut__icon--${shortcut.tone}`} aria-hidden="true">
                {shortcut.icon}
              </span>
              <span className="shortcut__label">{t(`home.shortcuts.${shortcut.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
