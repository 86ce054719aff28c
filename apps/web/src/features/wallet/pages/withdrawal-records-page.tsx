import type { Withdrawal, WithdrawalResult } from '@app/contract/wallet';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NavPage } from '../../../components/nav-page';
import { displayMoney } from '../../../lib/money';
import { useWithdrawals } from '../api/get-withdrawals';
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
  return (
    <article className="record" aria-label={`${method} ${withdrawal.amount}`}>
      <div className="record__top">
        <span className="record__title">{method}</span>
        <StatusTag tone={TONE[withdrawal.result]} label={t(`withdraw.result.${withdrawal.result}`)} />
      </div>
      <div className="record__main">
        <span className="record__amount">{displayMoney(withdrawal.amount)}</span>
        <span className="record__unit">USDT</span>
      </div>
      <p className="record__line">
        {t('withdraw.amountLine', { fee: displayMoney(withdrawal.fee), net: displayMoney(withdrawal.netAmount) })}
      </p>
      <p className="record__line mono record__hash">{withdrawal.destination}</p>
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
