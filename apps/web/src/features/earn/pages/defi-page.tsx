import { ERRORS } from '@app/contract/errors';
import type { FlexibleAction, FlexibleHistoryItem } from '@app/contract/flexible-earn';
import { useState } from 'react';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
import { PayPasswordSheet, usePayPasswordStep } from '../../../components/pay-password-sheet';
import { isApiError } from '../../../lib/api/api-error';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney, displaySignedMoney } from '../../../lib/money';
import { showError, showSuccess } from '../../../lib/notify';
import { formatCalendarDate, formatDateTime, payoutTimeOfDay } from '../../../lib/time';
import { useCreateDefiOrder } from '../api/create-defi-order';
import { useDefiHistory, useDefiSummary } from '../api/get-defi-my-order';
import { DefiAmountSheet } from '../components/defi-amount-sheet';
import { aprOfDailyPercent, dailyPercentText } from '../components/rate-text';
import '../defi.css';

/** Errors about the amount: shown under the field in the sheet. */
const AMOUNT_ERRORS: readonly number[] = [
  ERRORS.amount_invalid.code,
  ERRORS.insufficient_balance.code,
  ERRORS.flexible_amount_below_minimum.code,
  ERRORS.flexible_redeem_exceeds_held.code,
];

/**
 * Flexible earn (the spec's DeFi orders): what is held, what it earned, the daily rate, and the
 * moves in and out. In-app balance only: no wallet connection or approval exists.
 */
export default function DefiPage() {
  const { t } = useTranslation();
  const summary = useDefiSummary();
  const history = useDefiHistory();
  const user = useUserDetails().data;
  const order = useCreateDefiOrder();
  const idempotency = useIdempotencyKey();
  // The move chosen; its amount once checked (the payment password sheet then stands in for the amount sheet).
  const [action, setAction] = useState<FlexibleAction | null>(null);
  const [amount, setAmount] = useState<string>();
  const [isConfirming, setIsConfirming] = useState(false);
  const [amountError, setAmountError] = useState<string>();
  const step = usePayPasswordStep();
  const data = summary.data;

  const open = (next: FlexibleAction) => {
    setAmountError(undefined);
    setAmount(undefined);
    setIsConfirming(false);
    setAction(next);
  };
  const close = () => {
    setAction(null);
    setIsConfirming(false);
    step.close();
  };
  const confirm = (checked: string) => {
    setAmount(checked);
    setAmountError(undefined);
    setIsConfirming(true);
    step.open();
  };

  const onError = (error: unknown) => {
    idempotency.settle(error);
    if (step.refuse(error)) return;
    const message = isApiError(error) ? (error.fields.amount ?? error.message) : undefined;
    if (isApiError(error) && (error.fields.amount || AMOUNT_ERRORS.includes(error.code))) {
      // Back to the amount, with the server's word under it.
      setIsConfirming(false);
      return setAmountError(message);
    }
    close();
    showError(error);
  };

  const onSubmit = (payPassword: string, twoFactorCode?: string) => {
    if (!action || !amount) return;
    const request = { action, amount, payPassword, twoFactorCode };
    order.mutate(
      { request, idempotencyKey: idempotency.keyFor(JSON.stringify(request)) },
      {
        onSuccess: () => {
          idempotency.release();
          close();
          showSuccess(t('toast.submittedSuccess'));
        },
        onError,
      },
    );
  };

  return (
    <NavPage title={t('defi.title')} fallback="/lc">
      <div className="defi">
        <section className="defi-hero" aria-labelledby="defi-held-label">
          <p className="defi-hero__label" id="defi-held-label">
            {t('defi.held')}
          </p>
          {data ? (
            <p className="defi-hero__held" data-testid="defi-held">
              {displayMoney(data.held)}
            </p>
          ) : (
            <div className="skeleton defi-hero__skeleton" />
          )}
          <dl className="defi-hero__stats">
            <div>
              <dt>{t('defi.yesterdayProfit')}</dt>
              <dd>{displayMoney(data?.yesterdayProfit)}</dd>
            </div>
            <div>
              <dt>{t('defi.totalProfit')}</dt>
              <dd>{displayMoney(data?.totalProfit)}</dd>
            </div>
            <div>
              <dt>{t('defi.dailyRate')}</dt>
              <dd>
                {data ? dailyPercentText(data.dailyRatePercent) : '-'}
                {data && (
                  <span className="defi-hero__apr">
                    {t('wealth.apr', { rate: aprOfDailyPercent(data.dailyRatePercent) })}
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <div className="defi-hero__actions">
            <button type="button" className="btn btn--light" onClick={() => open('subscribe')} disabled={!data}>
              {t('defi.subscribe')}
            </button>
            <button type="button" className="btn btn--outline-light" onClick={() => open('redeem')} disabled={!data}>
              {t('defi.redeem')}
            </button>
          </div>
        </section>
        {user?.hasPayPassword === false && (
          <div className="notice notice--warning" role="status">
            <p className="notice__text">
              {t('defi.payPasswordNeeded')}{' '}
              <Link className="link" to="/txpassword?redirect=/defi">
                {t('defi.setPayPassword')}
              </Link>
            </p>
          </div>
        )}
        <div className="card defi-rule">
          <p>{t('defi.rule', payoutTimeOfDay(data?.platformTimeZone ?? 'UTC'))}</p>
          {data?.nextDailyRatePercent && data.nextRateFrom && (
            <p>
              {t('defi.nextRate', {
                date: formatCalendarDate(data.nextRateFrom),
                rate: groupDigits(data.nextDailyRatePercent),
              })}
            </p>
          )}
          <p>{t('defi.inApp')}</p>
        </div>
        <h2 className="defi-history__title">{t('defi.history')}</h2>
        <InfiniteList
          query={history}
          className="defi-history"
          getKey={(item) => item.id}
          empty={t('defi.historyEmpty')}
          renderItem={(item) => <HistoryRow item={item} />}
        />
      </div>
      <DefiAmountSheet
        action={isConfirming ? null : action}
        maxAmount={action === 'redeem' ? data?.held : data?.available}
        subscribeMin={data?.subscribeMin}
        initialAmount={amount}
        amountError={amountError}
        onClose={close}
        onNext={confirm}
      />
      <PayPasswordSheet
        isOpen={isConfirming && step.isOpen}
        isPending={order.isPending}
        error={step.error}
        codeError={step.codeError}
        asksTwoFactor={action === 'subscribe'}
        onClose={close}
        onSubmit={onSubmit}
        requiredMessage="pay_password_required"
        titleId="defi-pay-sheet"
        title={action === 'redeem' ? t('defi.redeemTitle') : t('defi.subscribeTitle')}
        passwordLabel={t('defi.payPassword')}
        note={action === 'redeem' ? t('defi.redeemNote') : t('defi.subscribeNote')}
        submitText={action === 'redeem' ? t('defi.confirmRedeem') : t('defi.confirmSubscribe')}
      >
        <dl className="defi-confirm">
          <dt>{t('defi.amount')}</dt>
          <dd>{displayMoney(amount)} USDT</dd>
        </dl>
      </PayPasswordSheet>
    </NavPage>
  );
}

function HistoryRow({ item }: { item: FlexibleHistoryItem }) {
  const { t } = useTranslation();
  // Signed as the held amount sees it; interest is paid to the available balance.
  const signed = item.type === 'redeem' ? `-${item.amount}` : item.amount;
  return (
    <div className="defi-row">
      <span className="defi-row__main">
        <span className="defi-row__type">{t(`defi.type.${item.type}`)}</span>
        <span className="defi-row__meta">
          {item.type === 'interest'
            ? t('defi.interestLine', {
                day: item.day ? formatCalendarDate(item.day) : '',
                lowest: displayMoney(item.lowestBalance),
                rate: item.dailyRatePercent ? groupDigits(item.dailyRatePercent) : '',
              })
            : formatDateTime(item.createdAt)}
        </span>
      </span>
      <span className="defi-row__money">
        <span className={`defi-row__amount ${item.type === 'redeem' ? 'is-down' : 'is-up'}`}>
          {displaySignedMoney(signed)}
        </span>
        <span className="defi-row__meta">USDT</span>
      </span>
    </div>
  );
}
