import type { WealthProduct } from '@app/contract/wealth';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useProductName } from '../../../lib/i18n/product-name';
import { displayMoney, toMinor } from '../../../lib/money';
import { aprPercent, ratePercent, soldPercent } from './rate-text';

/** One product in the /lc list: the terms at a glance and how much quota is left. */
export function WealthProductCard({ product }: { product: WealthProduct }) {
  const { t } = useTranslation();
  const productName = useProductName()(product.nameI18n, product.name);
  const isSoldOut = toMinor(product.quotaRemaining) === 0n;
  const percent = soldPercent(product.quotaTotal, product.quotaRemaining);
  const cycle = t('wealth.days', { days: product.cycleDays });
  const rate = ratePercent(product.dailyRate);
  const apr = t('wealth.apr', { rate: aprPercent(product.dailyRate) });
  const minimum = `${displayMoney(product.minAmount)} ${product.currency}`;
  const quota = isSoldOut
    ? t('wealth.soldOut')
    : t('wealth.remaining', { amount: displayMoney(product.quotaRemaining) });
  // The link's name says what the card shows, in reading order (a screen reader lists links by name).
  const name = [
    productName,
    cycle,
    `${t('wealth.dailyRate')} ${rate}`,
    apr,
    `${t('wealth.singleMin')} ${minimum}`,
    quota,
  ];
  return (
    <Link className="lc-card" to={`/lcdetail?id=${product.id}`} aria-label={name.join(', ')}>
      <div className="lc-card__top">
        <h3 className="lc-card__name">{productName}</h3>
        <span className="lc-card__cycle">{cycle}</span>
      </div>
      <div className="lc-card__main">
        <div>
          <p className="lc-card__rate">{rate}</p>
          <p className="lc-card__label">{t('wealth.dailyRate')}</p>
          <p className="lc-card__apr">{apr}</p>
        </div>
        <div className="lc-card__side">
          <p className="lc-card__value">{minimum}</p>
          <p className="lc-card__label">{t('wealth.singleMin')}</p>
        </div>
      </div>
      <QuotaBar percent={percent} />
      <p className="lc-card__quota">
        <span>{quota}</span>
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
