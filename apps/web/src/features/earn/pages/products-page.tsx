import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useWealthProducts } from '../api/get-wealth-products';
import { WealthProductCard } from '../components/wealth-product-card';
import '../wealth.css';

/** `/lc`, a tab: the locked-deposit products (anyone may browse), and the way to flexible earn. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const products = useWealthProducts();
  return (
    <main className="page__body page__body--tab lc">
      <header className="lc__header">
        <h1 className="lc__title">{t('wealth.title')}</h1>
        <p className="lc__subtitle">{t('wealth.subtitle')}</p>
      </header>
      <nav className="lc-links" aria-label={t('wealth.title')}>
        <Link className="lc-link" to="/lcorders">
          {t('wealth.myOrders')}
        </Link>
        <Link className="lc-link" to="/revenue">
          {t('wealth.revenue')}
        </Link>
      </nav>
      <Link className="lc-flexible" to="/defi">
        <span>
          <strong className="lc-flexible__title">{t('wealth.flexible')}</strong>
          <span className="lc-flexible__note">{t('wealth.flexibleNote')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </Link>
      <section aria-labelledby="lc-locked-title">
        <h2 className="lc__section" id="lc-locked-title">
          {t('wealth.lockedTitle')}
        </h2>
        <ProductList query={products} />
      </section>
    </main>
  );
}

function ProductList({ query }: { query: ReturnType<typeof useWealthProducts> }) {
  const { t } = useTranslation();
  if (query.isPending) return <span className="spinner spinner--dark" role="status" aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <div className="list-state">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="list-state">{t('wealth.empty')}</p>;
  return (
    <ul className="lc-list">
      {query.data.map((product) => (
        <li key={product.id}>
          <WealthProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
