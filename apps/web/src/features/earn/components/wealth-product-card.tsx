import type { WealthProduct } from '@app/contract/wealth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductName } from '../../../lib/i18n/product-name';
import { displayMoney, toMinor } from '../../../lib/money';
import { aprPercent, ratePercent, soldPercent } from './rate-text';

/** One product in the /lc list: the terms at a glance and how much quota is left. */
export function WealthProductCard({ product }: { product: WealthProduct }) {
  const { t } = useTranslation();
  const name = useProductName()(product.nameI18n, product.name);
  const isSoldOut = toMinor(product.quotaRemaining) === 0n;
  const percent = soldPercent(product.quotaTotal, product.quotaRemaining);
  return (
    <Link className="lc-card" to={`/lcdetail?id=${product.id}`} aria-label={name}>
      <div className="lc-card__top">
        <h3 className="lc-card__name">{name}</h3>
        <span className="lc-card__cycle">{t('wealth.days', { days: product.cycleDays })}</span>
      </div>
      <div className="lc-card__main">
        <div>
          <p className="lc-card__rate">{ratePercent(product.dailyRate)}</p>
          <p className="lc-card__label">{t('wealth.dailyRate')}</p>
          <p className="lc-card__apr">{t('wealth.apr', { rate: aprPercent(product.dailyRate) })}</p>
        </div>
        <div className="lc-card__side">
          <p className="lc-card__value">
            {displayMoney(product.minAmount)} {product.currency}
          </p>
          <p className="lc-card__label">{t('wealth.singleMin')}</p>
        </div>
      </div>
      <QuotaBar percent={percent} />
      <p className="lc-card__quota">
        <span>
          {isSoldOut ? t('wealth.soldOut') : t('wealth.remaining', { amount: displayMoney(product.quotaRemaining) })}
        </span>
        <span>{t('wealth.quotaUsed', { percent })}</span>
      </p>
    </Link>
  );
}

export function QuotaBar({ percent }: { percent: number }) {
  return (
    <div className="lc-quota" aria-hidden="true">
      <div className="lc-quota__fill" style={{ width: `${Math.min(100, percent)}%` }} />
    </div>
  );
}
