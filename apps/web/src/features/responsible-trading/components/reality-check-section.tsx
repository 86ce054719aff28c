import { useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { useTranslation } from '../../../lib/i18n';
import { showError, showSuccess } from '../../../lib/notify';
import { useSetRealityCheck } from '../api/set-reality-check';

const CHOICES = [10, 15, 20, 30, 45, 60];

/** The reality check interval: 10–60 minutes, or off. */
export function RealityCheckSection({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  const save = useSetRealityCheck();
  const [value, setValue] = useState(minutes === null ? 'off' : String(minutes));
  const onSave = () =>
    save.mutate(
      { minutes: value === 'off' ? null : Number(value) },
      { onSuccess: () => showSuccess(t('responsible.realitySaved')), onError: showError },
    );
  return (
    <section className="responsible__card" aria-labelledby="responsible-reality">
      <h2 id="responsible-reality" className="responsible__heading">
        {t('responsible.realityTitle')}
      </h2>
      <p className="responsible__text">{t('responsible.realityText')}</p>
      <SelectField
        label={t('responsible.realityInterval')}
        placeholder={t('responsible.realityOff')}
        value={value === 'off' ? '' : value}
        onChange={(e) => setValue(e.target.value || 'off')}
        options={CHOICES.map((m) => ({ value: String(m), label: t('responsible.minutes', { count: m }) }))}
      />
      <button type="button" className="btn btn--primary btn--block" onClick={onSave} disabled={save.isPending}>
        {t('common.submit')}
      </button>
    </section>
  );
}
