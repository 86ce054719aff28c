import type { LoginAttempt, UserSession } from '@app/contract/sessions';
import { GlobalOutline, PhoneFill } from 'antd-mobile-icons';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { confirmAction } from '../../../lib/dialog';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/time';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useLoginHistory } from '../api/get-login-history';
import { useSessions } from '../api/get-sessions';
import { deviceName } from '../components/device-name';
import { useSessionWatch } from '../components/use-session-watch';
import '../sessions.css';

/** `/sessions`: the devices signed in to the account (end one, or all others) and 90 days of sign-ins. */
export default function SessionsPage() {
  const { t } = useTranslation();
  useSessionWatch();
  return (
    <NavPage title={t('sessions.title')} fallback="/my">
      <ActiveSessions />
      <h2 className="sessions__heading">{t('sessions.historyTitle')}</h2>
      <LoginHistory />
    </NavPage>
  );
}

function ActiveSessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.isCurrent) ?? [];
  const onEndOthers = async () => {
    const isConfirmed = await confirmAction({
      content: t('sessions.endOthersConfirm'),
      confirmText: t('sessions.endOthers'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => showSuccess(t('sessions.endedOthers', { count: ended })),
      onError: showError,
    });
  };
  return (
    <section aria-labelledby="sessions-active">
      <h2 id="sessions-active" className="sessions__heading">
        {t('sessions.activeTitle')}
      </h2>
      {sessions.data ? (
        <ul className="sessions">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      ) : sessions.isError ? (
        <p className="list-state">{t('common.loadFailed')}</p>
      ) : (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      )}
      {sessions.data &&
        (others.length > 0 ? (
          <div className="sessions__actions">
            <button type="button" className="btn btn--ghost" disabled={endOthers.isPending} onClick={onEndOthers}>
              {t('sessions.endOthers')}
            </button>
          </div>
        ) : (
          <p className="sessions__note">{t('sessions.noOthers')}</p>
        ))}
    </section>
  );
}

function DeviceIcon({ type }: { type: UserSession['device']['type'] }) {
  return type === 'mobile' || type === 'tablet' ? <PhoneFill /> : <GlobalOutline />;
}

function SessionRow({ session }: { session: UserSession }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const onEnd = async () => {
    const isConfirmed = await confirmAction({
      content: t('sessions.endConfirm'),
      confirmText: t('sessions.end'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    end.mutate(session.id, { onSuccess: () => showSuccess(t('sessions.ended')), onError: showError });
  };
  return (
    <li className="session" data-testid="session-row">
      <span className="session__icon" aria-hidden="true">
        <DeviceIcon type={session.device.type} />
      </span>
      <div className="session__main">
        <div className="session__top">
          <span className="session__name">
            {t(`sessions.deviceType.${session.device.type}`)} · {deviceName(t, session.device)}
          </span>
          {session.isCurrent && <span className="badge">{t('sessions.thisDevice')}</span>}
        </div>
        {session.ip && <span className="session__meta">{t('sessions.address', { ip: session.ip })}</span>}
        <span className="session__meta">{t('sessions.firstSeen', { time: formatDateTime(session.createdAt) })}</span>
        <span className="session__meta">{t('sessions.lastSeen', { time: formatDateTime(session.lastSeenAt) })}</span>
      </div>
      {!session.isCurrent && (
        <button type="button" className="btn btn--ghost btn--small" disabled={end.isPending} onClick={onEnd}>
          {t('sessions.end')}
        </button>
      )}
    </li>
  );
}

function LoginHistory() {
  const { t } = useTranslation();
  const history = useLoginHistory();
  return (
    <InfiniteList
      query={history}
      className="login-history"
      getKey={(attempt) => attempt.id}
      empty={t('sessions.historyEmpty')}
      renderItem={(attempt) => <AttemptRow attempt={attempt} />}
    />
  );
}

function AttemptRow({ attempt }: { attempt: LoginAttempt }) {
  const { t } = useTranslation();
  const isSuccess = attempt.outcome === 'success';
  return (
    <div className="attempt" data-testid="login-attempt">
      <div className="attempt__top">
        <span className={isSuccess ? 'attempt__ok' : 'attempt__fail'}>{t(`sessions.outcome.${attempt.outcome}`)}</span>
        <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
      </div>
      <span className="session__meta">
        {deviceName(t, attempt.device)}
        {attempt.ip ? ` · ${t('sessions.address', { ip: attempt.ip })}` : ''}
      </span>
    </div>
  );
}
