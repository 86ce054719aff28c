import { PRODUCT_CATEGORIES, type ProductCategory } from '@app/contract/markets';
import { SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageBanner } from '../../../components/page-banner';
import { PriceSourceLabel } from '../../../components/price-source-label';
import { useQuotes } from '../../../lib/api/get-quotes';
import { useWatchlist } from '../../../lib/api/watchlist';
import { useTranslation } from '../../../lib/i18n';
import { priceSourceKind } from '../../../lib/price-source';
import { useIsRealtimeOpen } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { POLL_INTERVAL_MS } from '../../../lib/use-ticks';
import { QuoteList, QuoteListSkeleton } from '../components/quote-list';
import { useDarkTheme } from '../hooks/use-dark-theme';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import '../markets.css';

/** The tabs: a signed-in user's favourites first (issue 15), then the categories. */
type Tab = ProductCategory | 'favourites';
const FAVOURITES: Tab = 'favourites';

function isCategory(value: string | null): value is ProductCategory {
  return PRODUCT_CATEGORIES.includes(value as ProductCategory);
}

export default function QuotesPage() {
  const { t } = useTranslation();
  useDarkTheme();
  const [params, setParams] = useSearchParams();
  const requested = params.get('category');
  const isSignedIn = useIsSignedIn();
  const watchlist = useWatchlist();
  const favourites = useMemo(() => (isSignedIn ? new Set(watchlist.symbols) : null), [isSignedIn, watchlist.symbols]);
  // Signed in, the favourites are the first tab and the one a visit opens on; else stocks.
  const category: Tab = isCategory(requested) ? requested : isSignedIn ? FAVOURITES : 'stock';
  const tabs: Tab[] = isSignedIn ? [FAVOURITES, ...PRODUCT_CATEGORIES] : [...PRODUCT_CATEGORIES];
  const [search, setSearch] = useState('');
  const isLive = useIsRealtimeOpen();
  // One list of every product: tabs switch instantly and the search spans all categories.
  const quotes = useQuotes(undefined, { refetchIntervalMs: isLive ? 30_000 : POLL_INTERVAL_MS });

  const needle = search.trim().toLowerCase();
  const visible = useMemo(
    () =>
      (quotes.data ?? []).filter((quote) =>
        needle
          ? // Any language's name finds a product: a zn reader may type "Gold" as well as 黃金.
            [quote.symbol, quote.name, ...Object.values(quote.nameI18n ?? {})].some((text) =>
              text.toLowerCase().includes(needle),
            )
          : category === FAVOURITES
            ? favourites?.has(quote.symbol)
            : quote.category === category,
      ),
    [quotes.data, needle, category, favourites],
  );
  const symbols = useMemo(() => visible.map((quote) => quote.symbol), [visible]);
  const live = useLiveQuotes(visible, symbols);
  // One label for the whole market; when products differ, each row says which it is.
  const sourceKind = useMemo(() => priceSourceKind((quotes.data ?? []).map((quote) => quote.source)), [quotes.data]);

  // The practice switch (issue 14), composed by the app.
  const banner = usePageBanner();

  const tabName = (value: Tab) => (value === 'favourites' ? t('watchlist.tab') : t(`markets.categories.${value}`));
  const isFavouritesEmpty = !needle && category === FAVOURITES && live.length === 0;
  const selectCategory = (next: Tab) => {
    setSearch('');
    setParams({ category: next }, { replace: true });
  };

  return (
    <main className="page__body page__body--tab markets">
      {banner}
      <header className="markets__header">
        <h1 className="markets__title">{t('markets.title')}</h1>
        <PriceSourceLabel kind={sourceKind} />
      </header>
      <label className="search">
        <SearchOutline aria-hidden="true" />
        <input
          type="search"
          className="search__input"
          placeholder={t('markets.search')}
          aria-label={t('markets.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <div className="cat-tabs" role="tablist" aria-label={t('markets.title')}>
        {tabs.map((value) => {
          const isSelected = !needle && value === category;
          return (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={isSelected}
              className={`cat-tab${isSelected ? ' cat-tab--active' : ''}`}
              onClick={() => selectCategory(value)}
            >
              {tabName(value)}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" aria-label={needle ? t('markets.search') : tabName(category)}>
        {quotes.isPending || (!needle && category === FAVOURITES && !watchlist.isLoaded) ? (
          <QuoteListSkeleton />
        ) : quotes.isError && !quotes.data ? (
          <div className="list-state">
            <p>{t('markets.loadFailed')}</p>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => quotes.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : isFavouritesEmpty ? (
          <p className="list-state">{t('watchlist.empty')}</p>
        ) : live.length === 0 ? (
          <p className="list-state">{t('markets.empty')}</p>
        ) : (
          <QuoteList quotes={live} showSource={sourceKind === 'mixed'} favourites={favourites} />
        )}
      </section>
      {sourceKind && <p className="markets__note">{t(`markets.${sourceKind}Note`)}</p>}
    </main>
  );
}
