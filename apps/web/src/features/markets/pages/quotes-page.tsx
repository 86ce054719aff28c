import { PRODUCT_CATEGORIES, type ProductCategory } from '@app/contract/markets';
import { SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PriceSourceLabel } from '../../../components/price-source-label';
import { useQuotes } from '../../../lib/api/get-quotes';
import { useTranslation } from '../../../lib/i18n';
import { priceSourceKind } from '../../../lib/price-source';
import { useRealtimeStatus } from '../../../lib/realtime';
import { POLL_INTERVAL_MS } from '../../../lib/use-ticks';
import { QuoteList, QuoteListSkeleton } from '../components/quote-list';
import { useDarkTheme } from '../hooks/use-dark-theme';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import '../markets.css';

function isCategory(value: string | null): value is ProductCategory {
  return PRODUCT_CATEGORIES.includes(value as ProductCategory);
}

export default function QuotesPage() {
  const { t } = useTranslation();
  useDarkTheme();
  const [params, setParams] = useSearchParams();
  const requested = params.get('category');
  const category: ProductCategory = isCategory(requested) ? requested : 'stock';
  const [search, setSearch] = useState('');
  const isLive = useRealtimeStatus() === 'open';
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
          : quote.category === category,
      ),
    [quotes.data, needle, category],
  );
  const symbols = useMemo(() => visible.map((quote) => quote.symbol), [visible]);
  const live = useLiveQuotes(visible, symbols);
  // One label for the whole market; when products differ, each row says which it is.
  const sourceKind = useMemo(() => priceSourceKind((quotes.data ?? []).map((quote) => quote.source)), [quotes.data]);

  const selectCategory = (next: ProductCategory) => {
    setSearch('');
    setParams({ category: next }, { replace: true });
  };

  return (
    <main className="page__body page__body--tab markets">
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
        {PRODUCT_CATEGORIES.map((value) => {
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
              {t(`markets.categories.${value}`)}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" aria-label={needle ? t('markets.search') : t(`markets.categories.${category}`)}>
        {quotes.isPending ? (
          <QuoteListSkeleton />
        ) : quotes.isError && !quotes.data ? (
          <div className="list-state">
            <p>{t('markets.loadFailed')}</p>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => quotes.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : live.length === 0 ? (
          <p className="list-state">{t('markets.empty')}</p>
        ) : (
          <QuoteList quotes={live} showSource={sourceKind === 'mixed'} />
        )}
      </section>
      {sourceKind && <p className="markets__note">{t(`markets.${sourceKind}Note`)}</p>}
    </main>
  );
}
