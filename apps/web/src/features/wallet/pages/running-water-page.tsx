import {
  type JournalKind,
  WATER_GROUPS,
  type WaterEntry,
  type WaterGroup,
  type WaterState,
} from '@app/contract/ledger';
import {
  DownlandOutline,
  EditSOutline,
  GiftOutline,
  HistogramOutline,
  PayCircleOutline,
  SendOutline,
  UndoOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { Sheet } from '../../../components/sheet';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { useWater } from '../api/get-water';
import { RecordList } from '../components/record-list';
import '../wallet.css';
import { formatDateTime, formatShortDateTime } from '../../../lib/time';

/**
 * Fund details: one row per event the user did or met (never ledger legs), each with its state,
 * its signed effect on the available balance and that balance after it. A tap opens what caused
 * the event, by route path (features do not import each other); adjustments open their own sheet.
 */
const CAUSE_PATHS: Partial<Record<string, string>> = {
  deposit: '/depositrecord',
  withdrawal: '/withdrawrecord',
  wealth_order: '/lcorders',
  flexible_order: '/defi',
  flexible_day: '/defi',
};
const ORDER_KINDS: ReadonlySet<JournalKind> = new Set(['order_stake', 'order_settlement', 'order_void']);

function causePathOf(entry: WaterEntry): string | undefined {
  if (ORDER_KINDS.has(entry.kind) && entry.referenceType === 'order') {
    return `/orderdetail?id=${encodeURIComponent(entry.referenceId)}`;
  }
  // Cashback cites the invitee's order, which is not the user's to open: the referral page explains it.
  if (entry.kind === 'referral_cashback') return '/yqhy';
  return CAUSE_PATHS[entry.referenceType];
}

/** Which tag colour a state wears: still moving, done, or refused / lost. */
const STATE_TONES: Record<WaterState, 'pending' | 'approved' | 'rejected' | 'quiet'> = {
  completed: 'quiet',
  processing: 'pending',
  open: 'pending',
  earning: 'pending',
  paid: 'approved',
  settled: 'approved',
  won: 'approved',
  tie: 'quiet',
  complete: 'approved',
  rejected: 'rejected',
  lost: 'rejected',
  void: 'rejected',
};

/** A glyph a kind: money in, money out, paid, refunded, a trade, earn, a gift, a correction. */
const KIND_ICONS: Record<JournalKind, ReactNode> = {
  deposit: <DownlandOutline />,
  withdrawal_request: <UploadOutline />,
  withdrawal_payout: <SendOutline />,
  withdrawal_return: <UndoOutline />,
  order_stake: <HistogramOutline />,
  order_settlement: <HistogramOutline />,
  order_void: <UndoOutline />,
  wealth_purchase: <PayCircleOutline />,
  wealth_interest: <PayCircleOutline />,
  wealth_maturity: <PayCircleOutline />,
  flexible_subscribe: <PayCircleOutline />,
  flexible_redeem: <PayCircleOutline />,
  flexible_interest: <PayCircleOutline />,
  referral_cashback: <GiftOutline />,
  adjustment: <EditSOutline />,
  // Practice journals (issue 14) are never fund details; listed for the type.
  practice_grant: <GiftOutline />,
  practice_reset: <GiftOutline />,
};
const GROUP_OF_KIND: Record<JournalKind, WaterGroup> = {
  deposit: 'wallet',
  withdrawal_request: 'wallet',
  withdrawal_payout: 'wallet',
  withdrawal_return: 'wallet',
  order_stake: 'trading',
  order_settlement: 'trading',
  order_void: 'trading',
  wealth_purchase: 'earn',
  wealth_interest: 'earn',
  wealth_maturity: 'earn',
  flexible_subscribe: 'earn',
  flexible_redeem: 'earn',
  flexible_interest: 'earn',
  referral_cashback: 'other',
  adjustment: 'other',
  practice_grant: 'other',
  practice_reset: 'other',
};

const signOf = (amount: string) => (amount === '0' ? 'is-flat' : amount.startsWith('-') ? 'is-down' : 'is-up');

export default function RunningWaterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [group, setGroup] = useState<WaterGroup>();
  const water = useWater(group);
  const [detail, setDetail] = useState<WaterEntry>();

  const open = (entry: WaterEntry) => {
    const path = causePathOf(entry);
    if (path) navigate(path);
    else setDetail(entry);
  };

  return (
    <NavPage title={t('water.title')} fallback="/wallet">
      <fieldset className="filters">
        <legend className="sr-only">{t('water.filter')}</legend>
        {[undefined, ...WATER_GROUPS].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={group === value}
            className={`filter${group === value ? ' filter--active' : ''}`}
            onClick={() => setGroup(value)}
          >
            {value ? t(`water.group.${value}`) : t('water.all')}
          </button>
        ))}
      </fieldset>
      <RecordList
        query={water}
        className="records records--events"
        getKey={(entry) => entry.id}
        empty={t('water.empty')}
        renderItem={(entry) => <EventRow entry={entry} onOpen={() => open(entry)} />}
      />
      <EventDetail entry={detail} onClose={() => setDetail(undefined)} />
    </NavPage>
  );
}

/** What a row with no effect on the available balance says happened instead. */
function noteOf(entry: WaterEntry, t: TFunction): string | null {
  if (entry.fee && entry.fee !== '0') return t('water.note.fee', { amount: displayMoney(entry.fee) });
  if (entry.amount !== '0') return null;
  const amount = displayMoney(entry.grossAmount);
  if (entry.kind === 'withdrawal_payout') return t('water.note.withdrawalPaid', { amount });
  if (entry.kind === 'order_settlement' && entry.state === 'lost') return t('water.note.stakeLost', { amount });
  return null;
}

function EventRow({ entry, onOpen }: { entry: WaterEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  const title = t(`water.kind.${entry.kind}`);
  const state = t(`water.state.${entry.state}`);
  const amount = displaySignedMoney(entry.amount);
  const available = t('water.availableAfter', { amount: displayMoney(entry.balanceAfter) });
  const note = noteOf(entry, t);
  const time = formatShortDateTime(entry.createdAt);
  const group = GROUP_OF_KIND[entry.kind];
  const label = [title, state, note, time, `${amount} ${entry.currency}`, available].filter(Boolean).join(', ');
  return (
    <button type="button" className="event-row" onClick={onOpen} aria-label={label}>
      <span className={`event-row__icon event-row__icon--${group}`} aria-hidden="true">
        {KIND_ICONS[entry.kind]}
      </span>
      <span className="event-row__main">
        <span className="event-row__head">
          <span className="event-row__title">{title}</span>
          <span className={`event-row__amount ${signOf(entry.amount)}`}>{amount}</span>
        </span>
        <span className="event-row__sub">
          <span className="event-row__meta">
            <span className={`event-state event-state--${STATE_TONES[entry.state]}`}>{state}</span>
            <span>{time}</span>
          </span>
          <span className="event-row__after">{available}</span>
        </span>
        {note && <span className="event-row__note">{note}</span>}
      </span>
    </button>
  );
}

function EventDetail({ entry, onClose }: { entry: WaterEntry | undefined; onClose: () => void }) {
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
              <dd className={signOf(entry.amount)}>
                {displaySignedMoney(entry.amount)} {entry.currency}
              </dd>
            </div>
            <div>
              <dt>{t('water.stateLabel')}</dt>
              <dd>{t(`water.state.${entry.state}`)}</dd>
            </div>
            <div>
              <dt>{t('water.balanceLabel')}</dt>
              <dd>
                {displayMoney(entry.balanceAfter)} {entry.currency}
              </dd>
            </div>
            <div>
              <dt>{t('water.time')}</dt>
              <dd>{formatDateTime(entry.createdAt, { seconds: true })}</dd>
            </div>
            <div>
              <dt>{t('water.reference')}</dt>
              <dd className="mono">#{entry.id}</dd>
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
