import type { NotificationPreference } from '@app/contract/notifications';
import { Switch } from 'antd-mobile';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { showError } from '../../../lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useSetPreference } from '../api/set-preference';
import '../notifications.css';

/** `/notificationSettings`: optional notices on or off; security notices shown as always on. */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  return (
    <NavPage title={t('notifications.settingsTitle')} fallback="/notifications">
      <p className="notice-prefs__hint">{t('notifications.securityHint')}</p>
      {preferences.data ? (
        <ul className="notice-prefs">
          {preferences.data.map((preference) => (
            <PreferenceRow key={preference.kind} preference={preference} />
          ))}
        </ul>
      ) : preferences.isError ? (
        <p className="list-state">{t('common.loadFailed')}</p>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
    </NavPage>
  );
}

function PreferenceRow({ preference }: { preference: NotificationPreference }) {
  const { t } = useTranslation();
  const setPreference = useSetPreference();
  const label = t(`notifications.kindNames.${preference.kind}`);
  return (
    <li className="notice-prefs__item">
      <span>
        {label}
        {preference.isRequired && <span className="notice-prefs__always"> · {t('notifications.alwaysOn')}</span>}
      </span>
      <Switch
        checked={preference.enabled}
        disabled={preference.isRequired}
        loading={setPreference.isPending}
        aria-label={label}
        onChange={(enabled) =>
          setPreference.mutate({ kind: preference.kind, enabled }, { onError: (error) => showError(error) })
        }
      />
    </li>
  );
}
