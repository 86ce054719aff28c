import type { StatementFormat, StatementKind } from '@app/contract/statements';
import { DownlandOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { Sheet } from '../../../components/sheet';
import { useConfig } from '../../../lib/api/get-config';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/notify';
import { useDownloadStatement } from '../api/download-statement';
import { platformToday, presetRange, RANGE_PRESETS, type RangePreset } from './range-presets';
import '../statements.css';

/**
 * "Export" in a screen's top bar (fund details, order records): a sheet to choose the range (this
 * month, last month, the last 3 months or two dates) and the format, then the file downloads. The
 * dates are the platform's, and the sheet names its time zone.
 */
export function StatementExport({ kind }: { kind: StatementKind }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className="statement-export" onClick={() => setIsOpen(true)}>
        <DownlandOutline aria-hidden="true" />
        <span>{t('statement.export')}</span>
      </button>
      <Sheet isOpen={isOpen} onClose={() => setIsOpen(false)}>
        {isOpen && <StatementForm kind={kind} onDone={() => setIsOpen(false)} />}
      </Sheet>
    </>
  );
}

function StatementForm({ kind, onDone }: { kind: StatementKind; onDone: () => void }) {
  const { t } = useTranslation();
  const timeZone = useConfig().data?.platformTimeZone ?? 'UTC';
  const today = platformToday(new Date(), timeZone);
  const [preset, setPreset] = useState<RangePreset>('thisMonth');
  const [custom, setCustom] = useState(() => presetRange('thisMonth', today));
  const [format, setFormat] = useState<StatementFormat>('csv');
  const download = useDownloadStatement();
  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const titleId = useId();
  const isComplete = range.from !== '' && range.to !== '';

  const submit = () => {
    download.mutate(
      { kind, format, ...range },
      {
        onSuccess: () => {
          showSuccess(t('statement.downloaded'));
          onDone();
        },
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="statement-form">
      <h2 className="sheet__title" id={titleId}>
        {t(kind === 'fund' ? 'statement.titleFund' : 'statement.titleOrders')}
      </h2>
      <fieldset className="statement-form__group">
        <legend className="field__label">{t('statement.range')}</legend>
        <div className="statement-form__options">
          {RANGE_PRESETS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={preset === value}
              className={`statement-option${preset === value ? ' statement-option--active' : ''}`}
              onClick={() => setPreset(value)}
            >
              {t(`statement.preset.${value}`)}
            </button>
          ))}
        </div>
        {preset === 'custom' ? (
          <div className="statement-form__dates">
            <label className="field">
              <span className="field__label">{t('statement.from')}</span>
              <input
                className="field__input"
                type="date"
                value={custom.from}
                max={today}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t('statement.to')}</span>
              <input
                className="field__input"
                type="date"
                value={custom.to}
                max={today}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </label>
          </div>
        ) : (
          <p className="statement-form__range">{t('statement.rangeText', { from: range.from, to: range.to })}</p>
        )}
        <p className="field__hint">{t('statement.timeZoneNote', { zone: timeZone })}</p>
      </fieldset>
      <fieldset className="statement-form__group">
        <legend className="field__label">{t('statement.format')}</legend>
        <div className="statement-form__options">
          {(['csv', 'pdf'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={format === value}
              className={`statement-option${format === value ? ' statement-option--active' : ''}`}
              onClick={() => setFormat(value)}
            >
              {t(`statement.formats.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {download.isError && (
        <p className="field__error statement-form__error" role="alert">
          {download.error.message}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!isComplete || download.isPending}
        onClick={submit}
      >
        {download.isPending ? t('statement.preparing') : t('statement.download')}
      </button>
    </section>
  );
}
