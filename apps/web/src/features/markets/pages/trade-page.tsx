import type { OrderDirection, TradingPeriod } from '@app/contract/markets';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { PriceSourceLabel } from '../../../components/price-source-label';
import { displayMoney } from '../../../lib/money';
import { showSuccess } from '../../../lib/notify';
import { formatPrice } from '../../../lib/price';
import { priceSourceOf } from '../../../lib/price-source';
import { useTicks } from '../../../lib/use-ticks';
import { rememberOrder } from '../api/get-order';
import { useQuote } from '../api/get-quote';
import { isRiskAccepted, RiskDialog } from '../components/risk-dialog';
import { quickAmounts, ratePercent } from '../components/trade-math';
import { useDarkTheme } from '../hooks/use-dark-theme';
import '../markets.css';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { BlockReasonText } from '../components/order-block-reason';
import { PeriodPicker } from '../components/period-picker';
import { useOrderTicket } from '../hooks/use-order-ticket';

export default function TradePage() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  useDarkTheme();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const direction: OrderDirection = params.get('direction') === 'down' ? 'down' : 'up';
  const quote = useQuote(symbol);
  const { tick } = useTicks(quote.data ? symbol : '');
  const product = quote.data;

  const setDirection = (next: OrderDirection) => {
    const copy = new URLSearchParams(params);
    copy.set('direction', next);
    setParams(copy, { replace: true });
  };

  return (
    <NavPage title={t('trade.title')} fallback={symbol ? `/xq?symbol=${symbol}` : '/hq'} className="markets-page">
      <header className="trade-head">
        <div>
          <strong className="trade-head__symbol">{product?.symbol ?? symbol}</strong>
          <small className="trade-head__name">{product && nameOf(product.nameI18n, product.name)}</small>
        </div>
        <div className="trade-head__price">
          <small>{t('trade.currentPrice')}</small>
          <strong>{formatPrice(tick?.price ?? product?.last, product?.pricePrecision ?? 2)}</strong>
        </div>
      </header>
      <PriceSourceLabel kind={product && priceSourceOf(product.source)} />
      {quote.isError ? (
        <p className="list-state">{t('markets.notFound')}</p>
      ) : !product ? (
        <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />
      ) : product.periods.length === 0 ? (
        <p className="list-state">{t('trade.noPeriods')}</p>
      ) : (
        <OrderForm
          symbol={product.symbol}
          periods={product.periods}
          feeRate={product.feeRate}
          direction={direction}
          onDirection={setDirection}
        />
      )}
    </NavPage>
  );
}

interface OrderFormProps {
  symbol: string;
  periods: TradingPeriod[];
  feeRate: string;
  direction: OrderDirection;
  onDirection: (next: OrderDirection) => void;
}

function OrderForm({ symbol, periods, feeRate, direction, onDirection }: OrderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { period, setPeriodSeconds, amount, summary, available, blocked, isPending, place } = useOrderTicket({
    symbol,
    periods,
    feeRate,
    startsAtMinStake: false,
  });
  const [isRiskOpen, setRiskOpen] = useState(false);
  const amountError = amount.error;

  const placeAndShow = async () => {
    const order = await place(direction);
    if (!order) return;
    // Placed (stake and fee taken), still waiting for its entry tick: the detail screen says so
    // until the tick comes on the socket. The toast says only that it is placed.
    rememberOrder(queryClient, order);
    showSuccess(t('toast.orderSuccess'));
    navigate(`/orderdetail?id=${encodeURIComponent(order.id)}`, { replace: true });
  };

  const submit = amount.onSubmit(() => {
    if (isPending || blocked) return;
    if (!isRiskAccepted()) {
      setRiskOpen(true);
      return;
    }
    void placeAndShow();
  });

  return (
    <form className="trade-form" onSubmit={submit} noValidate>
      <fieldset className="segmented">
        <legend className="trade-form__label">{t('trade.direction')}</legend>
        {(['up', 'down'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={direction === value}
            className={`segmented__item segmented__item--${value}${direction === value ? ' is-active' : ''}`}
            onClick={() => onDirection(value)}
          >
            {value === 'up' ? '▲' : '▼'} {t(`orders.direction.${value}`)}
          </button>
        ))}
      </fieldset>

      <PeriodPicker
        periods={periods}
        selected={period}
        onSelect={setPeriodSeconds}
        legend={t('trade.period')}
        className="periods"
        legendClassName="trade-form__label"
      />

      <div className={`field${amountError ? ' field--error' : ''}`}>
        <label className="trade-form__label" htmlFor="trade-amount">
          {t('trade.amount')}
        </label>
        <input
          id="trade-amount"
          className="field__input trade-form__amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('trade.amountPlaceholder')}
          {...amount.input}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'trade-amount-error trade-amount-hint' : 'trade-amount-hint'}
        />
        {amountError && (
          <p id="trade-amount-error" className="field__error" role="alert">
            {amountError}
          </p>
        )}
        {/* The range stays beside a refusal: it says what would be right. */}
        <p id="trade-amount-hint" className="field__hint">
          {t('trade.range', { min: displayMoney(period.minStake), max: displayMoney(period.maxStake) })}
        </p>
        <div className="quick-picks">
          {quickAmounts(period.minStake, period.maxStake).map((value) => (
            <button
              key={value}
              type="button"
              className={`quick-pick${value === amount.plain ? ' quick-pick--active' : ''}`}
              onClick={() => amount.set(value)}
            >
              {displayMoney(value)}
            </button>
          ))}
        </div>
      </div>

      <dl className="summary">
        <div>
          <dt>{t('trade.fee', { rate: ratePercent(feeRate) })}</dt>
          <dd data-testid="trade-fee">{summary ? displayMoney(summary.fee) : '--'}</dd>
        </div>
        <div>
          <dt>{t('trade.totalCost')}</dt>
          <dd>{summary ? displayMoney(summary.total) : '--'}</dd>
        </div>
        <div>
          <dt>{t('trade.expectedPayout')}</dt>
          <dd className="is-up" data-testid="trade-payout">
            {summary ? displayMoney(summary.payout) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade.available')}</dt>
          <dd>{available === null ? '--' : `${displayMoney(available)} USDT`}</dd>
        </div>
      </dl>
      <p className="trade-form__rule">{t('trade.rule')}</p>
      {/* Stays at the bottom of the screen, above the safe area, however long the form and its texts. */}
      <div className="trade-footer">
        {blocked && (
          <p className="trade-footer__reason" id="trade-submit-reason">
            <BlockReasonText reason={blocked} period={period} />
          </p>
        )}
        <button
          type="submit"
          className={`trade-submit trade-submit--${direction}`}
          disabled={isPending || blocked !== null}
          aria-busy={isPending}
          aria-describedby={blocked ? 'trade-submit-reason' : undefined}
        >
          {isPending && <span className="spinner" aria-hidden="true" />}
          {t('trade.submit')} · {t(`orders.direction.${direction}`)}
        </button>
      </div>
      <RiskDialog
        visible={isRiskOpen}
        onClose={() => setRiskOpen(false)}
        onAccept={() => {
          setRiskOpen(false);
          void placeAndShow();
        }}
      />
    </form>
  );
}
