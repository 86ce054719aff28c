import type { Invitee } from '@app/contract/referral';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { formatDate } from '../../../lib/time';

/** A direct invitee, masked, with what they did and what they earned the user. */
export function InviteeRow({ invitee }: { invitee: Invitee }) {
  const { t } = useTranslation();
  return (
    <article className="invitee" aria-label={invitee.username}>
      <div className="invitee__top">
        <span className="invitee__name">{invitee.username}</span>
        <span className={`status ${invitee.hasDeposit ? 'status--approved' : 'status--pending'}`}>
          {invitee.hasDeposit ? t('invite.deposited') : t('invite.notDeposited')}
        </span>
      </div>
      <p className="invitee__line">
        <span className="mono">{invitee.phone}</span>
        <span>{t('invite.joinedAt', { date: formatDate(invitee.joinedAt) })}</span>
      </p>
      <p className="invitee__line">
        <span>{t('invite.activity', { count: invitee.settledOrders, volume: displayMoney(invitee.volume) })}</span>
        <span className="invitee__cashback">
          {t('invite.cashbackFrom', { amount: displayMoney(invitee.cashback) })}
        </span>
      </p>
    </article>
  );
}
