import { KLINE_INTERVALS, type KlineInterval, type Quote, type Turnover } from '@app/contract/markets';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NavPage } from '../../../components/nav-page';
import { PriceSourceLabel } from '../../../components/price-source-label';
import { isApiError } from '../../../lib/api/api-error';
import { groupDigits } from '../../../lib/group-digits';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice, percentChange, trendOf } from '../../../lib/price';
import { priceSourceOf } from '../../../lib/price-source';
import { useIsSignedIn } from '../../../lib/session';
import { useTicks } from '../../../lib/use-ticks';
import { useQuote } from '../api/get-quote';
import { ChangeText } from '../components/change-text';
import { IntervalSwitcher } from '../components/interval-switcher';
import { ProductOrders } from '../components/product-orders';
import { useDarkTheme } from '../hooks/use-dark-theme';
import '../markets.css';
import { useProductName } from '../../../lib/i18n/product-name';

const INTERVAL_KEY = 'chartInterval';

// The chart library (lightweight-charts, about half of this screen's script) loads on its own, once
// the screen is up: the price, the stats and the trade buttons do not wait for it. Its place is kept
// (ChartPlaceholder has the chart's height), so nothing below moves when it arrives.
const loadCandleChart = () => import('../components/candle-chart');
const CandleChart = lazy(() => loadCandleChart().then((module) => ({ default: module.CandleChart })));

function ChartPlaceholder() {
  return <div className="chart chart--pending" aria-hidden="true" />;
}

function storedInterval(): KlineInterval {
  try {
    const value = window.localStorage.getItem(INTERVAL_KEY);
    return KLINE_INTERVALS.includes(value as KlineInterval) ? (value as KlineInterval) : '1m';
  } catch {
    return '1m';
  }
}

export default function ProductPage() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  useDarkTheme();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const quote = useQuote(symbol);
  const { tick, turnover } = useTicks(quote.data ? symbol : '');
  const isSignedIn = useIsSignedIn();
  const [interval, setInterval] = useState<KlineInterval>(storedInterval);
  // Asked for after the first paint, beside the product's data (not after it).
  useEffect(() => void loadCandleChart().catch(() => undefined), []);

  const changeInterval = (next: KlineInterval) => {
    setInterval(next);
    try {
      window.localStorage.setItem(INTERVAL_KEY, next);
    } catch {
      // The choice lasts for this visit only.
    }
  };

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
  const last = tick?.price ?? turnover.data?.last ?? product?.last ?? null;
  const open = turnover.data?.open ?? product?.open24h ?? null;
  const percent = percentChange(open, last) ?? turnover.data?.changePercent ?? product?.changePercent24h ?? null;

  return (
    <NavPage
      title={product ? `${product.symbol} · ${nameOf(product.nameI18n, product.name)}` : symbol}
      fallback="/hq"
      className="markets-page"
    >
      <PriceHeader product={product} last={last} open={open} percent={percent} precision={precision} />
      <Stats turnover={turnover.data} precision={precision} />
      <section className="panel panel--chart">
        <IntervalSwitcher value={interval} onChange={changeInterval} />
        {product ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <CandleChart symbol={symbol} interval={interval} precision={precision} lastTick={tick} />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
        <div className="chart__foot">
          <PriceSourceLabel kind={product && priceSourceOf(product.source)} />
        </div>
      </section>
      {isSignedIn ? (
        <ProductOrders symbol={symbol} livePrice={last} />
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
    </NavPage>
  );
}

interface PriceHeaderProps {
  product: Quote | undefined;
  last: string | null;
  open: string | null;
  percent: string | null;
  precision: number;
}

function PriceHeader({ product, last, open, percent, precision }: PriceHeaderProps) {
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
