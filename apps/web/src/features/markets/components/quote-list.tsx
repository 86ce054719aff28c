import type { Quote } from '@app/contract/markets';
import { Link } from 'react-router';
import { FavouriteStar } from '../../../components/favourite-star';
import { PriceSourceTag } from '../../../components/price-source-label';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { formatPrice } from '../../../lib/price';
import { priceSourceOf } from '../../../lib/price-source';
import { ChangeText } from './change-text';

/**
 * `showSource`: tag each row with its price source, when the list mixes simulated and live products.
 * `favourites`: the signed-in user's starred symbols; each row then has its star.
 */
export function QuoteList({
  quotes,
  showSource = false,
  favourites = null,
}: {
  quotes: Quote[];
  showSource?: boolean;
  favourites?: ReadonlySet<string> | null;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  return (
    <div className="quotes">
      <div className="quotes__head" aria-hidden="true">
        <span>{t('markets.name')}</span>
        <span>{t('markets.last')}</span>
        <span>{t('markets.change')}</span>
      </div>
      <ul className="quotes__list">
        {quotes.map((quote) => (
          <li key={quote.symbol} className={favourites ? 'quote-item' : undefined}>
            {favourites && <FavouriteStar symbol={quote.symbol} isFavourite={favourites.has(quote.symbol)} />}
            <Link className="quote-row" to={`/xq?symbol=${encodeURIComponent(quote.symbol)}`}>
              <span className="quote-row__name">
                <strong>
                  {quote.symbol}
                  {showSource && <PriceSourceTag source={priceSourceOf(quote.source)} />}
                </strong>
                <small>{nameOf(quote.nameI18n, quote.name)}</small>
              </span>
              <span className="quote-row__last">{formatPrice(quote.last, quote.pricePrecision)}</span>
              <ChangeText percent={quote.changePercent24h} variant="pill" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function QuoteListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="quotes__list" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2, 3, 4].map((index) => (
        <li key={index} className="quote-row quote-row--loading">
          <span className="skeleton skeleton--dim" />
        </li>
      ))}
    </ul>
  );
}
