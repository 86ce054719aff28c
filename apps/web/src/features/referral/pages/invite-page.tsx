import type { InviteOverview } from '@app/contract/referral';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { useInvitees, useInviteOverview } from '../api/get-invite';
import { formatRate } from '../components/copy';
import { InviteCard } from '../components/invite-card';
import { InviteeRow } from '../components/invitee-row';
import { LevelPanel } from '../components/level-panel';
import '../referral.css';

/** `/yqhy`: invite friends (DESIGN.md 6.6). */
export default function InvitePage() {
  const { t } = useTranslation();
  const overview = useInviteOverview();
  const invitees = useInvitees();
  return (
    <NavPage title={t('invite.title')} fallback="/my" className="page--invite">
      {overview.data ? (
        <>
          <Summary overview={overview.data} />
          <InviteCard code={overview.data.inviteCode} link={overview.data.inviteLink} />
          <LevelPanel overview={overview.data} />
        </>
      ) : overview.isError ? (
        <section className="card list-state">
          <p>{overview.error.message}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => overview.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <section className="invite-summary invite-summary--loading" aria-busy="true" aria-label={t('common.loading')}>
          <div className="skeleton invite-summary__skeleton" />
        </section>
      )}
      {!overview.isError && (
        <section className="card invitees-card" aria-labelledby="invitees-title">
          <h2 className="card__title" id="invitees-title">
            {t('invite.inviteesTitle')}
            {overview.data && <span className="invitees-card__count">{overview.data.totalInvitees}</span>}
          </h2>
          <InfiniteList
            query={invitees}
            className="invitees"
            getKey={(invitee) => `${invitee.username}-${invitee.joinedAt}`}
            empty={t('invite.empty')}
            renderItem={(invitee) => <InviteeRow invitee={invitee} />}
          />
        </section>
      )}
    </NavPage>
  );
}

function Summary({ overview }: { overview: InviteOverview }) {
  const { t } = useTranslation();
  return (
    <section className="invite-summary" aria-labelledby="invite-summary-title">
      <div className="invite-summary__top">
        <h2 className="invite-summary__label" id="invite-summary-title">
          {t('invite.totalCashback')}
        </h2>
        <span className="badge badge--level" data-testid="invite-level">
          {t('my.level', { level: overview.level })}
        </span>
      </div>
      <p className="invite-summary__total">
        {displayMoney(overview.totalCashback)} <small>{overview.currency}</small>
      </p>
      <dl className="invite-summary__facts">
        <div>
          <dt>{t('invite.rate')}</dt>
          <dd>{formatRate(overview.rateBp)}</dd>
        </div>
        <div>
          <dt>{t('invite.qualified')}</dt>
          <dd>{overview.qualifiedInvitees}</dd>
        </div>
        <div>
          <dt>{t('invite.invited')}</dt>
          <dd>{overview.totalInvitees}</dd>
        </div>
      </dl>
    </section>
  );
}
