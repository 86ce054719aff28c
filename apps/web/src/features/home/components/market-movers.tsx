import type { Quote } from '@app/contract/markets';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuotes } from '../../../lib/api/get-quotes';
import { useWatchlist } from '../../../lib/api/watchlist';
import { useTranslation } from '../../../lib/i18n';
import { compareDecimal, formatPercent, formatPrice, trendOf } from '../../../lib/price';
import { priceSourceKind } from '../../../lib/price-source';
import './market-movers.css';
import { useProductName } from '../../../lib/i18n/product-name';

const MOVERS_MAX = 3;
/** Favourites the home card shows at most; the rest are on /hq's Favourites tab. */
const FAVOURITES_MAX = 5;
type Side = 'favourites' | 'gainers' | 'losers';

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
  const watchlist = useWatchlist();
  const hasFavourites = watchlist.symbols.length > 0;
  // Until the user picks a side, their favourites come first when they have any (issue 15).
  const [picked, setSide] = useState<Side | null>(null);
  const side: Side = picked ?? (hasFavourites ? 'favourites' : 'gainers');
  const sides: Side[] = hasFavourites ? ['favourites', 'gainers', 'losers'] : ['gainers', 'losers'];
  const movers = pickMovers(quotes.data ?? []);
  const sourceKind = priceSourceKind((quotes.data ?? []).map((quote) => quote.source));
  const list =
    side === 'favourites'
      ? watchlist.symbols
          .map((symbol) => quotes.data?.find((quote) => quote.symbol === symbol))
          .filter((quote): quote is Quote => quote !== undefined)
          .slice(0, FAVOURITES_MAX)
      : movers[side === 'losers' ? 'losers' : 'gainers'];
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
        {sides.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={side === value}
            className={`movers__tab${side === value ? ' movers__tab--active' : ''}`}
            onClick={() => setSide(value)}
          >
            {value === 'favourites' ? t('watchlist.tab') : t(`markets.${value}`)}
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
