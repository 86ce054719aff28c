import { ERRORS } from '@app/contract/errors';
import type { FlexibleAction, FlexibleHistoryItem } from '@app/contract/flexible-earn';
import { useState } from 'react';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/infinite-list';
import { NavPage } from '../../../components/nav-page';
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
  const [action, setAction] = useState<FlexibleAction | null>(null);
  const [amountError, setAmountError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const data = summary.data;

  const open = (next: FlexibleAction) => {
    setAmountError(undefined);
    setPasswordError(undefined);
    setAction(next);
  };

  const onError = (error: unknown) => {
    idempotency.settle(error);
    if (!isApiError(error)) return showError(error);
    if (error.fields.payPassword) return setPasswordError(error.fields.payPassword);
    if (error.fields.amount) return setAmountError(error.fields.amount);
    if (error.code === ERRORS.pay_password_incorrect.code) return setPasswordError(error.message);
    if (AMOUNT_ERRORS.includes(error.code)) return setAmountError(error.message);
    setAction(null);
    showError(error);
  };

  const onSubmit = ({ amount, payPassword }: { amount: string; payPassword: string }) => {
    if (!action) return;
    setAmountError(undefined);
    setPasswordError(undefined);
    const request = { action, amount, payPassword };
    order.mutate(
      { request, idempotencyKey: idempotency.keyFor(JSON.stringify(request)) },
      {
        onSuccess: () => {
          idempotency.release();
          setAction(null);
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
              <dd>{data ? `${data.dailyRatePercent}%` : '-'}</dd>
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
        action={action}
        maxAmount={action === 'redeem' ? data?.held : data?.available}
        subscribeMin={data?.subscribeMin}
        isPending={order.isPending}
        amountError={amountError}
        passwordError={passwordError}
        onClose={() => setAction(null)}
        onSubmit={onSubmit}
      />
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
