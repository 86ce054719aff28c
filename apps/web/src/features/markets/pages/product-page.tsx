import { KLINE_INTERVALS, type KlineInterval, type Quote, type Turnover } from '@app/contract/markets';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FavouriteStar } from '../../../components/favourite-star';
import { NavPage } from '../../../components/nav-page';
import { PriceAlertButton } from '../../../components/price-alert-button';
import { PriceSourceLabel } from '../../../components/price-source-label';
import { isApiError } from '../../../lib/api/api-error';
import { useWatchlist } from '../../../lib/api/watchlist';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { formatPrice, percentChange, trendOf } from '../../../lib/price';
import { priceSourceOf } from '../../../lib/price-source';
import type { TickEvent } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { useLatestTick, useTurnover } from '../../../lib/use-ticks';
import { firstCandlesQueryOptions } from '../api/get-candles';
import { useQuote } from '../api/get-quote';
import { ChangeText } from '../components/change-text';
import { ChartOpenOrders } from '../components/chart-open-orders';
import { IntervalSwitcher } from '../components/interval-switcher';
import { type ChartOrderLine, orderLinesOf } from '../components/order-line-model';
import { ProductOrders } from '../components/product-orders';
import { type ChartOrders, useChartOrders, useShortResultText } from '../hooks/use-chart-orders';
import { useClockNow } from '../hooks/use-clock';
import { useDarkTheme } from '../hooks/use-dark-theme';
import '../markets.css';

const INTERVAL_KEY = 'chartInterval';

// The chart library (lightweight-charts, about half of this screen's script) loads on its own, once
// the screen is up: the price, the stats and the trade buttons do not wait for it. Its place is kept
// (ChartPlaceholder has the chart's height), so nothing below moves when it arrives.
const loadCandleChart = () => import('../components/candle-chart');
const CandleChart = lazy(() => loadCandleChart().then((module) => ({ default: module.CandleChart })));

// The order panel (its form and schema libraries and the risk dialog: more script than the rest of
// the screen) is for a signed-in user only: a visitor never downloads it, a user gets it beside the
// chart, after the price is on screen. Its place is kept meanwhile (TradePanelPlaceholder).
const loadTradePanel = () => import('../components/chart-trade-panel');
const ChartTradePanel = lazy(() => loadTradePanel().then((module) => ({ default: module.ChartTradePanel })));

/** No order lines: one array, so the chart does not draw its lines again on every tick. */
const NO_ORDER_LINES: readonly ChartOrderLine[] = [];

function ChartPlaceholder() {
  return <div className="chart chart--pending" aria-hidden="true" />;
}

function TradePanelPlaceholder() {
  return <div className="panel chart-trade chart-trade--pending" aria-hidden="true" />;
}

function storedInterval(): KlineInterval {
  try {
    const value = window.localStorage.getItem(INTERVAL_KEY);
    return KLINE_INTERVALS.includes(value as KlineInterval) ? (value as KlineInterval) : '1m';
  } catch {
    return '1m';
  }
}

/** The price shown now: the newest tick, else the 24 h stats' last, else the product's. */
function livePriceOf(tick: TickEvent | null, turnover: Turnover | undefined, product: Quote | undefined) {
  return tick?.price ?? turnover?.last ?? product?.last ?? null;
}

/**
 * The screen renders again when the product, its 24 h stats (every 30 s) or the user's orders
 * change; each tick (every second) renders only what shows the live price: the header, the chart,
 * the open orders (each reads it with useLatestTick).
 */
export default function ProductPage() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  useDarkTheme();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const quote = useQuote(symbol);
  const turnover = useTurnover(quote.data ? symbol : '');
  const isSignedIn = useIsSignedIn();
  const [interval, setInterval] = useState<KlineInterval>(storedInterval);
  const chartOrders = useChartOrders(symbol, isSignedIn && quote.data !== undefined);
  const queryClient = useQueryClient();
  // Asked for after the first paint, beside the product's data (not after it).
  useEffect(() => void loadCandleChart().catch(() => undefined), []);
  // The chart's candles too: the chart is drawn once, with them, as soon as its library is here.
  useEffect(() => {
    if (symbol) void queryClient.prefetchQuery(firstCandlesQueryOptions(symbol, interval));
  }, [queryClient, symbol, interval]);
  useEffect(() => {
    if (isSignedIn) void loadTradePanel().catch(() => undefined);
  }, [isSignedIn]);

  const changeInterval = useCallback((next: KlineInterval) => {
    setInterval(next);
    try {
      window.localStorage.setItem(INTERVAL_KEY, next);
    } catch {
      // The choice lasts for this visit only.
    }
  }, []);

  if (!symbol || quote.isError) {
    // A network failure is worth retrying; an unknown symbol is not.
    const isMissing = !symbol || (isApiError(quote.error) && quote.error.status >= 400 && quote.error.status < 500);
    return (
      <NavPage title={symbol || t('markets.title')} fallback="/hq" className="markets-page">
        <div className="list-state">
          <p>{isMissing ? t('markets.notFound') : t('markets.loadFailed')}</p>
          {!isMissing && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => quote.refetch()}>
              {t('common.retry')}
            </button>
          )}
          <Link className="btn btn--ghost btn--small" to="/hq">
            {t('markets.allMarkets')}
          </Link>
        </div>
      </NavPage>
    );
  }

  const product = quote.data;
  const precision = product?.pricePrecision ?? 2;
  const stats = turnover.data;

  return (
    <NavPage
      title={product ? `${product.symbol} · ${nameOf(product.nameI18n, product.name)}` : symbol}
      fallback="/hq"
      className="markets-page"
    >
      <LivePriceHeader
        symbol={symbol}
        product={product}
        turnover={stats}
        precision={precision}
        isSignedIn={isSignedIn}
      />
      <Stats turnover={stats} precision={precision} />
      <section className="panel panel--chart">
        <IntervalSwitcher value={interval} onChange={changeInterval} />
        {product ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <LiveCandleChart
              symbol={symbol}
              interval={interval}
              product={product}
              turnover={stats}
              chartOrders={chartOrders}
            />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
        <div className="chart__foot">
          <PriceSourceLabel kind={product && priceSourceOf(product.source)} />
        </div>
      </section>
      {isSignedIn && <LiveOpenOrders symbol={symbol} product={product} turnover={stats} chartOrders={chartOrders} />}
      {isSignedIn && product && product.periods.length > 0 ? (
        <Suspense fallback={<TradePanelPlaceholder />}>
          <ChartTradePanel
            symbol={product.symbol}
            periods={product.periods}
            feeRate={product.feeRate}
            onPlaced={chartOrders.track}
          >
            {/* Lists no open order (the chart's list above has them): no live price to follow. */}
            <ProductOrders symbol={symbol} livePrice={null} showOpen={false} />
          </ChartTradePanel>
        </Suspense>
      ) : (
        <>
          {isSignedIn ? (
            <LiveProductOrders symbol={symbol} product={product} turnover={stats} />
          ) : (
            <p className="panel panel--note">
              <Link className="link" to={`/login?redirect=${encodeURIComponent(`/xq?symbol=${symbol}`)}`}>
                {t('markets.loginForOrders')}
              </Link>
            </p>
          )}
          <div className="trade-bar">
            <Link className="trade-bar__btn trade-bar__btn--up" to={`/trade?symbol=${symbol}&direction=up`}>
              ▲ {t('markets.buyRise')}
            </Link>
            <Link className="trade-bar__btn trade-bar__btn--down" to={`/trade?symbol=${symbol}&direction=down`}>
              ▼ {t('markets.buyFall')}
            </Link>
          </div>
        </>
      )}
    </NavPage>
  );
}

interface LiveProps {
  symbol: string;
  product: Quote | undefined;
  /** The 24 h stats: their open, and their recent ticks while the socket is not open. */
  turnover: Turnover | undefined;
}

function LivePriceHeader({
  symbol,
  product,
  turnover,
  precision,
  isSignedIn,
}: LiveProps & { precision: number; isSignedIn: boolean }) {
  const tick = useLatestTick(product ? symbol : '', turnover);
  const last = livePriceOf(tick, turnover, product);
  const open = turnover?.open ?? product?.open24h ?? null;
  const percent = percentChange(open, last) ?? turnover?.changePercent ?? product?.changePercent24h ?? null;
  return (
    <PriceHeader
      product={product}
      last={last}
      open={open}
      percent={percent}
      precision={precision}
      actions={isSignedIn && product && <ProductActions symbol={symbol} last={last} precision={precision} />}
    />
  );
}

/** The star and the price-alert bell (issue 15), for a signed-in user. */
function ProductActions({ symbol, last, precision }: { symbol: string; last: string | null; precision: number }) {
  const watchlist = useWatchlist();
  return (
    <div className="product-actions">
      <FavouriteStar symbol={symbol} isFavourite={watchlist.symbols.includes(symbol)} />
      <PriceAlertButton symbol={symbol} currentPrice={last} precision={precision} />
    </div>
  );
}

/** The chart with the newest tick and the user's orders drawn over it. */
function LiveCandleChart({
  symbol,
  interval,
  product,
  turnover,
  chartOrders,
}: LiveProps & { product: Quote; interval: KlineInterval; chartOrders: ChartOrders }) {
  const { open, settled, offsetMs } = chartOrders;
  const hasLines = open.length > 0 || settled.length > 0;
  // The chart takes pushed ticks itself, without rendering; this renders on each one only while
  // lines are drawn (their would-win colour follows the price).
  const tick = useLatestTick(hasLines ? symbol : '', turnover);
  const last = livePriceOf(tick, turnover, product);
  const nowMs = useClockNow(open.length > 0) + offsetMs;
  const resultOf = useShortResultText();
  const orderLines = useMemo(
    () => (hasLines ? orderLinesOf(open, settled, { nowMs, livePrice: last, resultOf }) : NO_ORDER_LINES),
    [hasLines, open, settled, nowMs, last, resultOf],
  );
  return (
    <CandleChart
      symbol={symbol}
      interval={interval}
      precision={product.pricePrecision}
      lastTick={tick}
      orderLines={orderLines}
    />
  );
}

/** The open orders under the chart, counting down, with would-win-now at the live price. */
function LiveOpenOrders({ symbol, product, turnover, chartOrders }: LiveProps & { chartOrders: ChartOrders }) {
  const { open, offsetMs } = chartOrders;
  const hasOpen = open.length > 0;
  const tick = useLatestTick(hasOpen ? symbol : '', turnover);
  const nowMs = useClockNow(hasOpen) + offsetMs;
  return (
    <ChartOpenOrders symbol={symbol} orders={open} nowMs={nowMs} livePrice={livePriceOf(tick, turnover, product)} />
  );
}

/** A signed-in user's orders on a product without trading periods (no order panel). */
function LiveProductOrders({ symbol, product, turnover }: LiveProps) {
  const tick = useLatestTick(symbol, turnover);
  return <ProductOrders symbol={symbol} livePrice={livePriceOf(tick, turnover, product)} />;
}

interface PriceHeaderProps {
  product: Quote | undefined;
  last: string | null;
  open: string | null;
  percent: string | null;
  precision: number;
  /** The star and the price-alert bell (issue 15), for a signed-in user. */
  actions?: ReactNode;
}

function PriceHeader({ product, last, open, percent, precision, actions }: PriceHeaderProps) {
  const trend = trendOf(percent);
  const change = last && open ? signedDifference(last, open, precision) : (product?.change24h ?? null);
  return (
    <header className="price-head">
      <p className={`price-head__last is-${trend}`} aria-live="off">
        {formatPrice(last, precision)}
      </p>
      <p className="price-head__change">
        <span className={`is-${trend}`}>{change ? formatPrice(change, precision) : '--'}</span>
        <ChangeText percent={percent} variant="pill" />
      </p>
      {actions}
    </header>
  );
}

/** last − open as a decimal string with `precision` places (exact). */
function signedDifference(last: string, open: string, precision: number): string {
  const scale = 10n ** BigInt(precision);
  const toScaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    const sign = whole.startsWith('-') ? -1n : 1n;
    return (
      sign *
      (BigInt(whole.replace('-', '')) * scale + BigInt(fraction.slice(0, precision).padEnd(precision, '0') || '0'))
    );
  };
  const diff = toScaled(last) - toScaled(open);
  const abs = diff < 0n ? -diff : diff;
  const text = precision > 0 ? `${abs / scale}.${(abs % scale).toString().padStart(precision, '0')}` : `${abs}`;
  return `${diff < 0n ? '-' : diff > 0n ? '+' : ''}${text}`;
}

function Stats({ turnover, precision }: { turnover: Turnover | undefined; precision: number }) {
  const { t } = useTranslation();
  const items = [
    { key: 'open', label: t('markets.open24h'), value: formatPrice(turnover?.open, precision) },
    { key: 'high', label: t('markets.high24h'), value: formatPrice(turnover?.high, precision) },
    { key: 'low', label: t('markets.low24h'), value: formatPrice(turnover?.low, precision) },
    { key: 'volume', label: t('markets.volume24h'), value: turnover ? groupDigits(turnover.volume) : '--' },
  ];
  return (
    <dl className="stats">
      {items.map((item) => (
        <div key={item.key} className="stats__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
