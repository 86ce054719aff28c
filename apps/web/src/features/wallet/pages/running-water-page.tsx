import { JOURNAL_KINDS, type JournalKind, type WaterEntry } from '@app/contract/ledger';
import { RightOutline } from 'antd-mobile-icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { Sheet } from '../../../components/sheet';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { useWater } from '../api/get-water';
import { RecordList } from '../components/record-list';
import '../wallet.css';

/**
 * Where a row leads: the record that caused it, by route path (features do not import each other).
 * Adjustments have no screen of their own.
 */
const SOURCE_PATHS: Partial<Record<string, string>> = {
  deposit: '/depositrecord',
  withdrawal: '/withdrawrecord',
  flexible_order: '/defi',
  flexible_day: '/defi',
};
const ORDER_KINDS: ReadonlySet<JournalKind> = new Set(['order_stake', 'order_settlement', 'order_void']);

function sourcePathOf(entry: WaterEntry): string | undefined {
  if (ORDER_KINDS.has(entry.kind) && entry.referenceType === 'order') {
    return `/orderdetail?id=${encodeURIComponent(entry.referenceId)}`;
  }
  return SOURCE_PATHS[entry.referenceType];
}

export default function RunningWaterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<JournalKind>();
  const water = useWater(kind);
  const [detail, setDetail] = useState<WaterEntry>();

  const open = (entry: WaterEntry) => {
    const path = sourcePathOf(entry);
    if (path) navigate(path);
    else setDetail(entry);
  };

  return (
    <NavPage title={t('water.title')} fallback="/wallet">
      <fieldset className="filters">
        <legend className="sr-only">{t('water.filter')}</legend>
        {[undefined, ...JOURNAL_KINDS].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={kind === value}
            className={`filter${kind === value ? ' filter--active' : ''}`}
            onClick={() => setKind(value)}
          >
            {value ? t(`water.kind.${value}`) : t('water.all')}
          </button>
        ))}
      </fieldset>
      <RecordList
        query={water}
        getKey={(entry) => entry.id}
        empty={t('water.empty')}
        renderItem={(entry) => <WaterRow entry={entry} onOpen={() => open(entry)} />}
      />
      <WaterDetail entry={detail} onClose={() => setDetail(undefined)} />
    </NavPage>
  );
}

function WaterRow({ entry, onOpen }: { entry: WaterEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  const isCredit = !entry.amount.startsWith('-');
  return (
    <button type="button" className="water-row" onClick={onOpen}>
      <span className="water-row__main">
        <span className="water-row__kind">{t(`water.kind.${entry.kind}`)}</span>
        <span className="water-row__meta">
          {t(`water.account.${entry.account}`)} · {dayjs(entry.createdAt).format('YYYY-MM-DD HH:mm')}
        </span>
      </span>
      <span className="water-row__money">
        <span className={`water-row__amount ${isCredit ? 'is-up' : 'is-down'}`}>
          {displaySignedMoney(entry.amount)}
        </span>
        <span className="water-row__meta">{t('water.balanceAfter', { amount: displayMoney(entry.balanceAfter) })}</span>
      </span>
      <RightOutline className="water-row__arrow" aria-hidden="true" />
    </button>
  );
}

function WaterDetail({ entry, onClose }: { entry: WaterEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet isOpen={entry !== undefined} onClose={onClose}>
      {entry && (
        <section aria-labelledby="water-detail-title">
          <h2 className="sheet__title" id="water-detail-title">
            {t(`water.kind.${entry.kind}`)}
          </h2>
          <dl className="summary">
            <div className="summary__strong">
              <dt>{t('water.amount')}</dt>
              <dd className={entry.amount.startsWith('-') ? 'is-down' : 'is-up'}>
                {displaySignedMoney(entry.amount)} {entry.currency}
              </dd>
            </div>
            <div>
              <dt>{t('water.accountLabel')}</dt>
              <dd>{t(`water.account.${entry.account}`)}</dd>
            </div>
            <div>
              <dt>{t('water.balanceLabel')}</dt>
              <dd>
                {displayMoney(entry.balanceAfter)} {entry.currency}
              </dd>
            </div>
            <div>
              <dt>{t('water.time')}</dt>
              <dd>{dayjs(entry.createdAt).format('YYYY-MM-DD HH:mm:ss')}</dd>
            </div>
            <div>
              <dt>{t('water.reference')}</dt>
              <dd className="mono">#{entry.journalId}</dd>
            </div>
            {entry.memo && (
              <div>
                <dt>{t('water.reason')}</dt>
                <dd>{entry.memo}</dd>
              </div>
            )}
          </dl>
          {entry.kind === 'adjustment' && !entry.memo && (
            <p className="field__hint sheet__note">{t('water.adjustmentNote')}</p>
          )}
          <button type="button" className="btn btn--ghost btn--block sheet__close" onClick={onClose}>
            {t('water.close')}
          </button>
        </section>
      )}
    </Sheet>
  );
}
