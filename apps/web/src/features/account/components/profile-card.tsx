import type { UserProfile } from '@app/contract/users';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDate } from '../../../lib/time';

export function ProfileCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const onCopy = async () => {
    if (await copyText(user.inviteCode)) showSuccess(t('toast.copySuccess'));
    else showError(new Error(t('errors.unknown')));
  };
  return (
    <section className="profile" aria-label={user.username}>
      <div className="profile__top">
        <div className="profile__avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </div>
        <div className="profile__who">
          <div className="profile__name-row">
            <h1 className="profile__name">{user.username}</h1>
            <span className="badge badge--level">{t('my.level', { level: user.level })}</span>
          </div>
          <p className="profile__meta">
            <span className="sr-only">{t('my.phone')}: </span>
            {user.phone}
          </p>
          <p className="profile__meta">{t('my.registeredAt', { date: formatDate(user.registeredAt) })}</p>
        </div>
      </div>
      <Link className="profile__balance" to="/wallet">
        <span className="profile__fact-label">{t('my.totalAssets')}</span>
        <span className="profile__balance-value">
          {groupDigits(user.balances.total)} <small>{user.balances.currency}</small>
        </span>
      </Link>
      <div className="profile__facts">
        <div className="profile__fact">
          <span className="profile__fact-label">{t('my.inviteCode')}</span>
          <span className="profile__fact-value">
            <span className="mono">{user.inviteCode}</span>
            <button type="button" className="chip-button" onClick={onCopy} aria-label={t('my.copyInviteCode')}>
              {t('common.copy')}
            </button>
          </span>
        </div>
        <div className="profile__fact">
          <span className="profile__fact-label">{t('my.kyc')}</span>
          <span className={`status status--${user.kycStatus}`}>{t(`my.kycStatus.${user.kycStatus}`)}</span>
        </div>
      </div>
    </section>
  );
}
