import type { Withdrawal, WithdrawalResult } from '@app/contract/wallet';
import dayjs from 'dayjs';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { useWithdrawals } from '../api/get-withdrawals';
import { useCopy } from '../components/copy-row';
import { displayFiat } from '../components/fiat-amount';
import { RecordList } from '../components/record-list';
import { StatusTag } from '../components/status-tag';
import '../wallet.css';

const TONE: Record<WithdrawalResult, 'waiting' | 'done' | 'refused'> = {
  processing: 'waiting',
  success: 'done',
  fail: 'refused',
};

export default function WithdrawalRecordsPage() {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals();
  return (
    <NavPage title={t('withdraw.recordsTitle')} fallback="/wallet">
      <RecordList
        query={withdrawals}
        getKey={(withdrawal) => withdrawal.id}
        empty={t('withdraw.empty')}
        renderItem={(withdrawal) => <WithdrawalRow withdrawal={withdrawal} />}
      />
    </NavPage>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const method = withdrawal.method === 'bank' ? t('withdraw.methodBank') : t('withdraw.methodTrc20');
  const money = { fee: displayMoney(withdrawal.fee), net: displayMoney(withdrawal.netAmount) };
  return (
    <article
      className="record"
      aria-label={`${method} ${withdrawal.amount}`}
      data-testid={`withdrawal-${withdrawal.id}`}
    >
      <div className="record__top">
        <span className="record__title">{method}</span>
        <StatusTag tone={TONE[withdrawal.result]} label={t(`withdraw.result.${withdrawal.result}`)} />
      </div>
      <div className="record__main">
        <span className="record__amount">{displayMoney(withdrawal.amount)}</span>
        <span className="record__unit">USDT</span>
      </div>
      {/* Received only once an operator has paid it out; a rejected one received nothing (the returned line says why). */}
      {withdrawal.result === 'processing' && <p className="record__line">{t('withdraw.amountLineToReceive', money)}</p>}
      {withdrawal.result === 'success' && <p className="record__line">{t('withdraw.amountLine', money)}</p>}
      <WithdrawalFiat withdrawal={withdrawal} />
      <p className="record__line mono record__hash">{withdrawal.destination}</p>
      {withdrawal.result === 'success' && withdrawal.payoutReference && (
        <PayoutReference
          label={t(`withdraw.reference.${withdrawal.method}`)}
          reference={withdrawal.payoutReference}
          url={withdrawal.payoutUrl}
        />
      )}
      {withdrawal.result === 'fail' && (
        <>
          {withdrawal.rejectReason && (
            <p className="record__reason">{t('withdraw.rejectReason', { reason: withdrawal.rejectReason })}</p>
          )}
          <p className="record__line">{t('withdraw.returned')}</p>
        </>
      )}
      <p className="record__time">
        {dayjs(withdrawal.createdAt).format('YYYY-MM-DD HH:mm')}
        {withdrawal.completedAt &&
          ` · ${t('withdraw.completedAt', { time: dayjs(withdrawal.completedAt).format('YYYY-MM-DD HH:mm') })}`}
      </p>
    </article>
  );
}

/**
 * A bank withdrawal in the card's currency: what arrives at the rate locked on the request. Said as
 * "to arrive" until paid, "sent" once paid; a rejected one sends nothing, so only the rate stays.
 */
function WithdrawalFiat({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const { fiatCurrency, fiatRate, fiatAmount, result } = withdrawal;
  if (!fiatCurrency || !fiatRate || !fiatAmount) return null;
  const fiat = (text: string) => displayFiat(text, fiatCurrency, i18n.language);
  return (
    <>
      {result === 'processing' && (
        <p className="record__line record__line--strong">
          {t('withdraw.recordFiatToArrive', { fiat: fiat(fiatAmount) })}
        </p>
      )}
      {result === 'success' && (
        <p className="record__line record__line--strong">{t('withdraw.recordFiatSent', { fiat: fiat(fiatAmount) })}</p>
      )}
      <p className="record__line">{t('withdraw.recordRate', { rate: fiat(fiatRate) })}</p>
    </>
  );
}

/**
 * What the operator recorded when paying out, for the user to check with their bank or on chain. The
 * server links only a TRC20 transaction id, never a bank payout.
 */
function PayoutReference({ label, reference, url }: { label: string; reference: string; url: string | null }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="record__payout">
      <span className="record__payout-label">{label}</span>
      <span className="record__payout-value mono">{reference}</span>
      <div className="record__payout-actions">
        <button
          type="button"
          className="chip-button"
          onClick={() => copy(reference)}
          aria-label={t('deposit.copyField', { name: label })}
        >
          {t('common.copy')}
        </button>
        {url && (
          <a className="chip-button record__explorer" href={url} target="_blank" rel="noopener noreferrer">
            {t('withdraw.viewOnExplorer')}
          </a>
        )}
      </div>
    </div>
  );
}
