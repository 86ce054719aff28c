import {
  AMOUNT_LIMIT_NAMES,
  type LimitName,
  type LimitView,
  type SetLimitsRequest,
} from '@app/contract/responsible-trading';
import { type FormEvent, useState } from 'react';
import { readAmountInput } from '../../../lib/amount-input';
import { type MessageKey, useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/time';
import { useSetLimits } from '../api/set-limits';

const GROUPS: Array<{ key: 'deposit' | 'loss' | 'stake' | 'other'; names: LimitName[] }> = [
  { key: 'deposit', names: ['depositDay', 'depositWeek', 'depositMonth'] },
  { key: 'loss', names: ['lossDay', 'lossWeek', 'lossMonth'] },
  { key: 'stake', names: ['stakeDay', 'stakeWeek', 'stakeMonth'] },
  { key: 'other', names: ['orderStake', 'sessionMinutes'] },
];
const isAmountLimit = (name: LimitName) => (AMOUNT_LIMIT_NAMES as readonly string[]).includes(name);

/** Every limit with its value now, a waiting change ("takes effect at <local time>"), a new value and "remove". */
export function LimitsSection({ limits }: { limits: LimitView[] }) {
  const { t, i18n } = useTranslation();
  const save = useSetLimits();
  const [typed, setTyped] = useState<Partial<Record<LimitName, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<LimitName, string>>>({});
  const byName = new Map(limits.map((l) => [l.name, l]));

  const show = (name: LimitName, value: string | null) =>
    value === null
      ? t('responsible.noLimit')
      : isAmountLimit(name)
        ? `${displayMoney(value)} USDT`
        : t('responsible.minutes', { count: value });

  const send = (body: SetLimitsRequest['limits']) =>
    save.mutate(
      { limits: body },
      {
        onSuccess: () => {
          setTyped({});
          showSuccess(t('responsible.saved'));
        },
        onError: showError,
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, string | number> = {};
    const found: Partial<Record<LimitName, string>> = {};
    for (const [name, text] of Object.entries(typed) as Array<[LimitName, string]>) {
      if (!text.trim()) continue;
      if (name === 'sessionMinutes') {
        const minutes = Number(text.trim());
        if (Number.isInteger(minutes) && minutes >= 5 && minutes <= 1440) body[name] = minutes;
        else found[name] = t('responsible.invalidMinutes');
        continue;
      }
      const reading = readAmountInput(text, i18n.language);
      if (reading.kind === 'amount') body[name] = reading.plain;
      else found[name] = t('responsible.invalidAmount');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      showError(new Error(t('responsible.nothingChanged')));
      return;
    }
    send(body);
  };

  return (
    <form className="responsible__card" onSubmit={onSubmit} noValidate aria-labelledby="responsible-limits">
      <h2 id="responsible-limits" className="responsible__heading">
        {t('responsible.limitsTitle')}
      </h2>
      {GROUPS.map((group) => (
        <fieldset key={group.key} className="responsible__group">
          <legend className="responsible__legend">{t(`responsible.groups.${group.key}` as MessageKey)}</legend>
          {group.names.map((name) => {
            const limit = byName.get(name);
            const inputId = `limit-${name}`;
            return (
              <div key={name} className="responsible__limit" data-limit={name}>
                <div className="responsible__limit-head">
                  <label htmlFor={inputId} className="responsible__limit-name">
                    {t(`responsible.names.${name}` as MessageKey)}
                  </label>
                  <span className="responsible__limit-now">
                    {t('responsible.current', { value: show(name, limit?.value ?? null) })}
                  </span>
                </div>
                {limit?.pending && (
                  <p className="responsible__pending" role="status">
                    {limit.pending.value === null
                      ? t('responsible.pendingRemoval', { at: formatDateTime(limit.pending.effectiveAt) })
                      : t('responsible.pendingChange', {
                          value: show(name, limit.pending.value),
                          at: formatDateTime(limit.pending.effectiveAt),
                        })}
                  </p>
                )}
                <div className="responsible__limit-edit">
                  <input
                    id={inputId}
                    className="field__input responsible__input"
                    inputMode={name === 'sessionMinutes' ? 'numeric' : 'decimal'}
                    placeholder={t('responsible.newValue')}
                    value={typed[name] ?? ''}
                    aria-invalid={errors[name] ? true : undefined}
                    onChange={(e) => setTyped((prev) => ({ ...prev, [name]: e.target.value }))}
                  />
                  {limit?.value !== null && limit?.value !== undefined && !limit.pending && (
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      onClick={() => send({ [name]: null })}
                      disabled={save.isPending}
                    >
                      {t('responsible.remove')}
                    </button>
                  )}
                </div>
                {errors[name] && <p className="field__error">{errors[name]}</p>}
              </div>
            );
          })}
        </fieldset>
      ))}
      <p className="responsible__note">{t('responsible.periodsNote')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
        {t('responsible.save')}
      </button>
    </form>
  );
}
