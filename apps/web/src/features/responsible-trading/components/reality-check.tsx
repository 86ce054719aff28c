import type { SessionSummary } from '@app/contract/responsible-trading';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadScreenTexts, useTranslation } from '../../../lib/i18n';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { useIsSignedIn } from '../../../lib/session';
import { getSessionSummary, useSessionSummary } from '../api/get-session-summary';
import { useSignOut } from '../api/sign-out';
import '../responsible.css';

/** The next moment a reminder is due: loginAt + k × interval, after `now`. */
export function nextCheckAt(loginAtMs: number, minutes: number, nowMs: number): number {
  const stepMs = minutes * 60_000;
  return loginAtMs + (Math.floor((nowMs - loginAtMs) / stepMs) + 1) * stepMs;
}

/**
 * The reality check and the session time limit, for the whole app while signed in (the app mounts
 * it): every N minutes since login a dialog with the session's time, stake, wins and losses, and a
 * choice to continue or sign out; at the session limit, the server is asked (it ends the session and
 * answers 401, which sends the user to /login).
 */
export function RealityCheck() {
  const isSignedIn = useIsSignedIn();
  const summary = useSessionSummary(isSignedIn);
  const [shown, setShown] = useState<SessionSummary | null>(null);
  const minutes = summary.data?.realityCheckMinutes ?? null;
  const loginAt = summary.data ? Date.parse(summary.data.loginAt) : null;
  const endsAt = summary.data?.endsAt ? Date.parse(summary.data.endsAt) : null;

  useEffect(() => {
    if (!isSignedIn || loginAt === null) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (minutes !== null) {
      const schedule = () => {
        const delay = Math.max(0, nextCheckAt(loginAt, minutes, Date.now()) - Date.now());
        timers.push(
          setTimeout(() => {
            // Its texts are the screens' part: a first screen (sign-in, language) may not have loaded them.
            Promise.all([getSessionSummary(), loadScreenTexts()]).then(
              ([summary]) => setShown(summary),
              () => undefined,
            );
            schedule();
          }, delay),
        );
      };
      schedule();
    }
    if (endsAt !== null) {
      // The server ends the session; its 401 takes the user to /login (the API client).
      timers.push(setTimeout(() => getSessionSummary().catch(() => undefined), Math.max(0, endsAt - Date.now() + 500)));
    }
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [isSignedIn, loginAt, minutes, endsAt]);

  if (!shown || !isSignedIn) return null;
  return <RealityCheckDialog summary={shown} onContinue={() => setShown(null)} />;
}

export function RealityCheckDialog({ summary, onContinue }: { summary: SessionSummary; onContinue: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate('/login', { replace: true }));
  const elapsedMin = Math.max(0, Math.floor((Date.now() - Date.parse(summary.loginAt)) / 60_000));
  const h = Math.floor(elapsedMin / 60);
  const duration =
    h > 0 ? t('responsible.duration.hm', { h, m: elapsedMin % 60 }) : t('responsible.duration.m', { m: elapsedMin });
  const rows: Array<[string, string]> = [
    [t('responsible.dialog.orders'), String(summary.orders)],
    [t('responsible.dialog.stake'), `${displayMoney(summary.stake)} USDT`],
    [t('responsible.dialog.won'), `${displayMoney(summary.won)} USDT`],
    [t('responsible.dialog.lost'), `${displayMoney(summary.lost)} USDT`],
    [t('responsible.dialog.net'), `${displaySignedMoney(summary.net)} USDT`],
  ];
  return (
    <div className="reality-check__backdrop">
      <div className="reality-check" role="alertdialog" aria-modal="true" aria-labelledby="reality-check-title">
        <h2 id="reality-check-title" className="reality-check__title">
          {t('responsible.dialog.title')}
        </h2>
        <p className="reality-check__since">{t('responsible.dialog.since', { duration })}</p>
        <dl className="reality-check__rows">
          {rows.map(([label, value]) => (
            <div key={label} className="reality-check__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="reality-check__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            {t('responsible.dialog.signOut')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onContinue}>
            {t('responsible.dialog.continue')}
          </button>
        </div>
      </div>
    </div>
  );
}
