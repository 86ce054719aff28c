import { formatAmount } from '@app/contract/amount';
import type { Order, OrderDirection, TradingPeriod } from '@app/contract/markets';
import { orderFeeMinor, parseRateBp } from '@app/contract/order-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useBalances } from '../../../lib/api/get-balances';
import { useAmountForm } from '../../../lib/form/amount-form';
import { useTranslation } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { displayMoney, toMinor } from '../../../lib/money';
import { showSuccess } from '../../../lib/notify';
import { accountField, usePracticeBalance, useTradingAccount } from '../../../lib/trading-account';
import { useCreateOrder } from '../api/create-order';
import { orderQueryKey } from '../api/get-order';
import { useExplainOrderFailure } from '../hooks/use-explain-order-failure';
import { BlockReasonText, blockReason } from './order-block-reason';
import { PeriodPicker, usePeriodChoice } from './period-picker';
import { isRiskAccepted, RiskDialog } from './risk-dialog';
import { quickAmounts, quoteOrder } from './trade-math';

interface ChartTradePanelProps {
  symbol: string;
  periods: TradingPeriod[];
  feeRate: string;
  /** The order the server accepted (its entry may still be on its way). */
  onPlaced: (order: Order) => void;
  /** Shown between the form and the Rise / Fall bar (the open orders, the recent ones). */
  children?: ReactNode;
}

/**
 * The order panel under the chart (/xq): period, amount, fee and payout, then one tap on Rise or
 * Fall places the order, after the risk disclosure was accepted once. The same rules, texts and
 * create-order call as /trade; the screen stays on the chart.
 */
export function ChartTradePanel({ symbol, periods, feeRate, onPlaced, children }: ChartTradePanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useTradingAccount();
  const balances = useBalances(account === 'real');
  const practiceBalance = usePracticeBalance(account === 'practice');
  const createOrder = useCreateOrder();
  const idempotency = useIdempotencyKey();
  const [period, setPeriodSeconds] = usePeriodChoice(periods);
  const [pendingDirection, setPendingDirection] = useState<OrderDirection | null>(null);
  const [riskDirection, setRiskDirection] = useState<OrderDirection | null>(null);
  const incorrect = t('trade.incorrectAmount');
  const amount = useAmountForm(
    {
      required: null,
      invalid: incorrect,
      min: period.minStake,
      belowMin: incorrect,
      max: period.maxStake,
      aboveMax: incorrect,
    },
    { isLive: true, accept: (typed) => typed.replace(/[^\d.,\s]/g, ''), initial: period.minStake },
  );

  const summary = quoteOrder(amount.plain ?? '', feeRate, period.payoutRate);
  const available = (account === 'practice' ? practiceBalance.data?.available : balances.data?.available) ?? null;
  const availableMinor = available === null ? null : toMinor(available);
  const totalMinor = summary ? toMinor(summary.total) : null;
  const isShort = availableMinor !== null && totalMinor !== null && totalMinor > availableMinor;
  const blocked = blockReason(amount.value, period, isShort);
  const maxStake = maxStakeOf(available, feeRate, period);
  const isBusy = createOrder.isPending;

  const place = async (direction: OrderDirection) => {
    const minor = amount.plain === null ? null : toMinor(amount.plain);
    if (minor === null) return;
    const request = {
      symbol,
      direction,
      amount: formatAmount(minor),
      period: period.seconds,
      ...accountField(account),
    };
    const idempotencyKey = idempotency.keyFor(JSON.stringify(request));
    setPendingDirection(direction);
    try {
      const order = await createOrder.mutateAsync({ request, idempotencyKey });
      idempotency.release();
      queryClient.setQueryData(orderQueryKey(order.id), order);
      onPlaced(order);
      showSuccess(t('toast.orderSuccess'));
    } catch (error) {
      idempotency.settle(error);
      await explainFailure(error);
    } finally {
      setPendingDirection(null);
    }
  };

  const explainFailure = useExplainOrderFailure(symbol, amount.check);

  const tap = (direction: OrderDirection) =>
    amount.onSubmit(() => {
      if (isBusy || blocked) return;
      if (!isRiskAccepted()) {
        setRiskDirection(direction);
        return;
      }
      void place(direction);
    })();

  const picks = [...quickAmounts(period.minStake, period.maxStake).slice(0, 3)];
  return (
    <>
      <form
        className="panel chart-trade"
        onSubmit={(event) => event.preventDefault()}
        noValidate
        aria-label={t('chartTrade.panel')}
      >
        <PeriodPicker
          periods={periods}
          selected={period}
          onSelect={setPeriodSeconds}
          legend={t('chartTrade.period')}
          className="chart-trade__periods"
          legendClassName="sr-only"
        />

        <div className={`chart-trade__amount${amount.error ? ' field--error' : ''}`}>
          <div className="chart-trade__amount-head">
            <label htmlFor="chart-trade-amount">{t('chartTrade.amount')}</label>
            <span data-testid="chart-trade-available">
              {t('chartTrade.available', { amount: available === null ? '--' : displayMoney(available) })}
            </span>
          </div>
          <input
            id="chart-trade-amount"
            className="field__input chart-trade__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('trade.amountPlaceholder')}
            {...amount.input}
            aria-invalid={amount.error ? true : undefined}
            aria-describedby={amount.error ? 'chart-trade-error' : undefined}
          />
          {amount.error && (
            <p id="chart-trade-error" className="field__error" role="alert">
              {amount.error}
            </p>
          )}
          <div className="quick-picks chart-trade__picks">
            {picks.map((value) => (
              <button
                key={value}
                type="button"
                className={`quick-pick${value === amount.plain ? ' quick-pick--active' : ''}`}
                onClick={() => amount.set(value)}
              >
                {displayMoney(value)}
              </button>
            ))}
            <button
              type="button"
              className={`quick-pick${maxStake !== null && maxStake === amount.plain ? ' quick-pick--active' : ''}`}
              disabled={maxStake === null}
              onClick={() => maxStake && amount.set(maxStake)}
            >
              {t('chartTrade.max')}
            </button>
          </div>
        </div>

        <dl className="chart-trade__quote">
          <div>
            <dt>{t('chartTrade.fee')}</dt>
            <dd data-testid="chart-trade-fee">{summary ? displayMoney(summary.fee) : '--'}</dd>
          </div>
          <div>
            <dt>{t('chartTrade.payout')}</dt>
            <dd className="is-up" data-testid="chart-trade-payout">
              {summary ? `${displayMoney(summary.payout)} USDT` : '--'}
            </dd>
          </div>
        </dl>

        <Link className="link chart-trade__form-link" to={`/trade?symbol=${symbol}&direction=up`}>
          {t('chartTrade.fullForm')}
        </Link>
      </form>
      {children}
      <div className="trade-bar chart-trade__actions">
        {/* What one tap places, in sight when the form is scrolled away; or why it cannot. */}
        {blocked ? (
          <p className="chart-trade__reason" id="chart-trade-reason">
            <BlockReasonText reason={blocked} period={period} />
          </p>
        ) : (
          <p className="chart-trade__reason" data-testid="chart-trade-ticket">
            {t('chartTrade.ticket', {
              amount: displayMoney(amount.plain),
              period: t('trade.seconds', { count: period.seconds }),
              payout: summary ? displayMoney(summary.payout) : '--',
            })}
          </p>
        )}
        {(['up', 'down'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            className={`chart-trade__go chart-trade__go--${direction}`}
            disabled={isBusy || blocked !== null}
            aria-busy={pendingDirection === direction}
            aria-describedby={blocked ? 'chart-trade-reason' : undefined}
            onClick={() => void tap(direction)}
          >
            {pendingDirection === direction && <span className="spinner" aria-hidden="true" />}
            <span aria-hidden="true">{direction === 'up' ? '▲' : '▼'}</span>{' '}
            {t(`chartTrade.${direction === 'up' ? 'rise' : 'fall'}`)}
          </button>
        ))}
      </div>
      <RiskDialog
        visible={riskDirection !== null}
        onClose={() => setRiskDirection(null)}
        onAccept={() => {
          const direction = riskDirection;
          setRiskDirection(null);
          if (direction) void place(direction);
        }}
      />
    </>
  );
}

/**
 * "Max": the largest stake the balance pays with its fee (the fee rounds up, as the server
 * charges it), within the period's maximum; null when not even the minimum fits or the balance is
 * unknown.
 */
export function maxStakeOf(available: string | null, feeRate: string, period: TradingPeriod): string | null {
  const balance = available === null ? null : toMinor(available);
  const bp = parseRateBp(feeRate);
  const max = toMinor(period.maxStake);
  const min = toMinor(period.minStake);
  if (balance === null || bp === null || max === null || min === null) return null;
  let stake = (balance * 10_000n) / (10_000n + BigInt(bp));
  while (stake > 0n && stake + orderFeeMinor(stake, bp) > balance) stake -= 1n;
  if (stake > max) stake = max;
  return stake < min ? null : formatAmount(stake);
}
