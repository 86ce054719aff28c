import type { Quote } from '@app/contract/markets';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuotes } from '../../../lib/api/get-quotes';
import { useTranslation } from '../../../lib/i18n';
import { compareDecimal, formatPercent, formatPrice, trendOf } from '../../../lib/price';
import { priceSourceKind } from '../../../lib/price-source';
import './market-movers.css';
import { useProductName } from '../../../lib/i18n/product-name';

const MOVERS_MAX = 3;

/** The biggest 24 h moves up and down, from product/list. */
export function pickMovers(quotes: Quote[]): { gainers: Quote[]; losers: Quote[] } {
  const ranked = quotes
    .filter((quote) => quote.changePercent24h !== null)
    .sort((a, b) => compareDecimal(b.changePercent24h ?? '0', a.changePercent24h ?? '0'));
  return {
    gainers: ranked.filter((quote) => trendOf(quote.changePercent24h) === 'up').slice(0, MOVERS_MAX),
    losers: ranked
      .filter((quote) => trendOf(quote.changePercent24h) === 'down')
      .reverse()
      .slice(0, MOVERS_MAX),
  };
}

export function MarketMovers() {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const quotes = useQuotes(undefined, { refetchIntervalMs: 15_000 });
  const [side, setSide] = useState<'gainers' | 'losers'>('gainers');
  const movers = pickMovers(quotes.data ?? []);
  const sourceKind = priceSourceKind((quotes.data ?? []).map((quote) => quote.source));
  const list = movers[side];
  if (quotes.isError && !quotes.data) return null;
  return (
    <section className="card movers" aria-labelledby="movers-title">
      <div className="movers__head">
        <h2 className="card__title movers__title" id="movers-title">
          {t('markets.movers')}
        </h2>
        {sourceKind && <span className="movers__sim">{t(`markets.${sourceKind}`)}</span>}
      </div>
      <fieldset className="movers__switch">
        <legend className="sr-only">{t('markets.movers')}</legend>
        {(['gainers', 'losers'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={side === value}
            className={`movers__tab${side === value ? ' movers__tab--active' : ''}`}
            onClick={() => setSide(value)}
          >
            {t(`markets.${value}`)}
          </button>
        ))}
      </fieldset>
      {quotes.isPending ? (
        <div className="skeleton skeleton--light-line" aria-busy="true" />
      ) : (
        <ul className="movers__list">
          {list.map((quote) => (
            <li key={quote.symbol}>
              <Link className="mover" to={`/xq?symbol=${encodeURIComponent(quote.symbol)}`}>
                <span className="mover__name">
                  <strong>{quote.symbol}</strong>
                  <small>{nameOf(quote.nameI18n, quote.name)}</small>
                </span>
                <span className="mover__last">{formatPrice(quote.last, quote.pricePrecision)}</span>
                <span className={`mover__change mover__change--${trendOf(quote.changePercent24h)}`}>
                  {formatPercent(quote.changePercent24h)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className="movers__all" to="/hq">
        {t('markets.allMarkets')} ›
      </Link>
    </section>
  );
}
