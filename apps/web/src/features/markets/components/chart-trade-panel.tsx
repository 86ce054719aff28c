import { formatAmount } from '@app/contract/amount';
import type { Order, OrderDirection, TradingPeriod } from '@app/contract/markets';
import { orderFeeMinor, parseRateBp } from '@app/contract/order-rules';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney, toMinor } from '../../../lib/money';
import { showSuccess } from '../../../lib/notify';
import { orderQueryKey } from '../api/get-order';
import { useOrderTicket } from '../hooks/use-order-ticket';
import { BlockReasonText } from './order-block-reason';
import { PeriodPicker } from './period-picker';
import { isRiskAccepted, RiskDialog } from './risk-dialog';
import { quickAmounts } from './trade-math';

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
  const { period, setPeriodSeconds, amount, summary, available, blocked, isPending, place } = useOrderTicket({
    symbol,
    periods,
    feeRate,
    startsAtMinStake: true,
  });
  const [pendingDirection, setPendingDirection] = useState<OrderDirection | null>(null);
  const [riskDirection, setRiskDirection] = useState<OrderDirection | null>(null);
  const maxStake = maxStakeOf(available, feeRate, period);
  const isBusy = isPending;

  const placeFromChart = async (direction: OrderDirection) => {
    setPendingDirection(direction);
    try {
      const order = await place(direction);
      if (!order) return;
      queryClient.setQueryData(orderQueryKey(order.id), order);
      onPlaced(order);
      showSuccess(t('toast.orderSuccess'));
    } finally {
      setPendingDirection(null);
    }
  };

  const tap = (direction: OrderDirection) =>
    amount.onSubmit(() => {
      if (isBusy || blocked) return;
      if (!isRiskAccepted()) {
        setRiskDirection(direction);
        return;
      }
      void placeFromChart(direction);
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
          if (direction) void placeFromChart(direction);
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
