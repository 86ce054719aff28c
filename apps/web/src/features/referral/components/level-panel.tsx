import type { InviteOverview } from '@app/contract/referral';
import { useTranslation } from '../../../lib/i18n';
import { formatRate } from './copy';

/** Progress toward the next level and the whole level table, the current level highlighted. */
export function LevelPanel({ overview }: { overview: InviteOverview }) {
  const { t } = useTranslation();
  const { level, levels, nextLevel, qualifiedInvitees } = overview;
  const from = levels[level - 1]?.minInvitees ?? 0;
  const progress = nextLevel
    ? Math.min(100, Math.round(((qualifiedInvitees - from) / Math.max(1, nextLevel.minInvitees - from)) * 100))
    : 100;
  return (
    <section className="card level-panel" aria-labelledby="level-panel-title">
      <h2 className="card__title" id="level-panel-title">
        {t('invite.levelsTitle')}
      </h2>
      <p className="level-panel__next">
        {nextLevel
          ? t('invite.toNext', { count: nextLevel.minInvitees - qualifiedInvitees, level: nextLevel.level })
          : t('invite.topLevel')}
      </p>
      <div
        className="level-panel__bar"
        role="progressbar"
        aria-label={t('invite.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <table className="level-table">
        <thead>
          <tr>
            <th scope="col">{t('invite.table.level')}</th>
            <th scope="col">{t('invite.table.invitees')}</th>
            <th scope="col">{t('invite.table.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((row) => (
            <tr
              key={row.level}
              className={row.level === level ? 'level-table__current' : undefined}
              aria-current={row.level === level ? 'true' : undefined}
            >
              <td>
                <span className={row.level === level ? 'badge badge--level' : 'level-table__level'}>
                  {t('my.level', { level: row.level })}
                </span>
              </td>
              <td>{t('invite.table.atLeast', { count: row.minInvitees })}</td>
              <td>{formatRate(row.rateBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="level-panel__rule">{t('invite.rule')}</p>
    </section>
  );
}
