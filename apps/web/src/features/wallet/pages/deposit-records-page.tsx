import type { Deposit, DepositStatus } from '@app/contract/wallet';
import dayjs from 'dayjs';
import { NavPage } from '../../../components/nav-page';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';
import { useDeposits } from '../api/get-deposits';
import { displayFiat } from '../components/fiat-amount';
import { RecordList } from '../components/record-list';
import { StatusTag } from '../components/status-tag';
import '../wallet.css';

const TONE: Record<DepositStatus, 'waiting' | 'done' | 'refused'> = {
  pending: 'waiting',
  confirmed: 'done',
  rejected: 'refused',
};

export default function DepositRecordsPage() {
  const { t } = useTranslation();
  const deposits = useDeposits();
  return (
    <NavPage title={t('deposit.recordsTitle')} fallback="/wallet">
      <RecordList
        query={deposits}
        getKey={(deposit) => deposit.id}
        empty={t('deposit.empty')}
        renderItem={(deposit) => <DepositRow deposit={deposit} />}
      />
    </NavPage>
  );
}

/**
 * A bank deposit in the account's currency: where it went, the fiat to transfer at the rate locked on
 * the request, and once confirmed the fiat finance found on the account.
 */
function DepositFiat({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation();
  const { bankAccount, fiatCurrency, fiatRate, fiatAmount, fiatReceived } = deposit;
  const fiat = (text: string) => (fiatCurrency ? displayFiat(text, fiatCurrency, i18n.language) : text);
  return (
    <>
      {bankAccount && (
        <p className="record__line">
          {t('deposit.recordAccount', { bank: bankAccount.bankName, number: bankAccount.cardNumber.slice(-4) })}
        </p>
      )}
      {fiatCurrency && fiatRate && fiatAmount && (
        <p className="record__line">{t('deposit.recordFiat', { fiat: fiat(fiatAmount), rate: fiat(fiatRate) })}</p>
      )}
      {deposit.status === 'confirmed' && fiatReceived && (
        <p className="record__line record__line--strong">{t('deposit.recordReceived', { fiat: fiat(fiatReceived) })}</p>
      )}
    </>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const isCorrected = deposit.creditedAmount !== null && deposit.creditedAmount !== deposit.amount;
  return (
    <article className="record" aria-label={`${t(`deposit.methodLabel.${deposit.method}`)} ${deposit.amount}`}>
      <div className="record__top">
        <span className="record__title">{t(`deposit.methodLabel.${deposit.method}`)}</span>
        <StatusTag tone={TONE[deposit.status]} label={t(`deposit.status.${deposit.status}`)} />
      </div>
      <div className="record__main">
        <span className="record__amount">{displayMoney(deposit.amount)}</span>
        <span className="record__unit">USDT</span>
      </div>
      {isCorrected && (
        <p className="record__line record__line--strong">
          {t('deposit.credited', { amount: displayMoney(deposit.creditedAmount) })}
        </p>
      )}
      <DepositFiat deposit={deposit} />
      {deposit.status === 'rejected' && deposit.rejectReason && (
        <p className="record__reason">{t('deposit.rejectReason', { reason: deposit.rejectReason })}</p>
      )}
      {deposit.txHash && <p className="record__line mono record__hash">TxID {deposit.txHash}</p>}
      {deposit.hasProof && <p className="record__line">{t('deposit.proofAttached')}</p>}
      <p className="record__time">{dayjs(deposit.createdAt).format('YYYY-MM-DD HH:mm')}</p>
    </article>
  );
}
