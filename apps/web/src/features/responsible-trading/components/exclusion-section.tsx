import type { ExcludeRequest, Exclusion } from '@app/contract/responsible-trading';
import { type FormEvent, useState } from 'react';
import { CurrentPasswordField } from '../../../components/current-password-field';
import { SelectField } from '../../../components/select-field';
import { confirmAction } from '../../../lib/dialog';
import { type MessageKey, useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/time';
import { useExclude } from '../api/exclude';

const PERIODS: Record<string, ExcludeRequest['period']> = {
  cool1: { kind: 'cool_off', days: 1 },
  cool7: { kind: 'cool_off', days: 7 },
  cool30: { kind: 'cool_off', days: 30 },
  ex6: { kind: 'self_exclusion', months: 6 },
  ex12: { kind: 'self_exclusion', months: 12 },
  ex24: { kind: 'self_exclusion', months: 24 },
  ex60: { kind: 'self_exclusion', months: 60 },
};

/** The end a period would have if it started now (the server decides; this is for the confirmation). */
function endOf(period: ExcludeRequest['period'], from = new Date()): Date {
  if (period.kind === 'cool_off') return new Date(from.getTime() + period.days * 86_400_000);
  const end = new Date(from);
  end.setMonth(end.getMonth() + period.months);
  return end;
}

/** A cool-off or self-exclusion, confirmed with the password and a last question; in force: read-only. */
export function ExclusionSection({ exclusion }: { exclusion: Exclusion | null }) {
  const { t } = useTranslation();
  const exclude = useExclude();
  const [choice, setChoice] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ period?: string; password?: string }>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(choice ? {} : { period: t('responsible.exclusionChoose') }),
      ...(password ? {} : { password: t('responsible.passwordRequired') }),
    };
    setErrors(found);
    if (found.period || found.password) return;
    const period = PERIODS[choice]!;
    const isConfirmed = await confirmAction({
      content: t('responsible.excludeConfirm', { at: formatDateTime(endOf(period)) }),
      confirmText: t('responsible.exclude'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    exclude.mutate(
      { period, password },
      {
        onSuccess: () => {
          setPassword('');
          showSuccess(t('responsible.excluded'));
        },
        onError: showError,
      },
    );
  };

  return (
    <section className="responsible__card" aria-labelledby="responsible-exclusion">
      <h2 id="responsible-exclusion" className="responsible__heading">
        {t('responsible.exclusionTitle')}
      </h2>
      {exclusion && (
        <div className="responsible__in-force" role="status">
          <strong>{t(`responsible.inForce.${exclusion.kind}`, { at: formatDateTime(exclusion.until) })}</strong>
          <p>{t('responsible.inForceText')}</p>
        </div>
      )}
      <p className="responsible__text">{t('responsible.exclusionText')}</p>
      <form onSubmit={onSubmit} noValidate>
        <SelectField
          label={t('responsible.exclusionPeriod')}
          placeholder={t('responsible.exclusionChoose')}
          value={choice}
          error={errors.period}
          onChange={(e) => setChoice(e.target.value)}
          options={Object.keys(PERIODS).map((key) => ({
            value: key,
            label: t(`responsible.periods.${key}` as MessageKey),
          }))}
        />
        <CurrentPasswordField value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className="btn btn--primary btn--block responsible__danger" disabled={exclude.isPending}>
          {t('responsible.exclude')}
        </button>
      </form>
    </section>
  );
}
