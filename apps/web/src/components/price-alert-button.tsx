import { BellOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import './price-alert.css';

// The sheet (antd-mobile's popup, the form) loads when the bell is first tapped, not with /xq.
const PriceAlertSheet = lazy(() => import('./price-alert-sheet'));

/** The bell beside a product's price (issue 15): opens the new-alert sheet with the current price filled in. */
export function PriceAlertButton({
  symbol,
  currentPrice,
  precision,
}: {
  symbol: string;
  currentPrice: string | null;
  precision: number;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="alert-bell"
        aria-label={t('priceAlerts.bell', { symbol })}
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <BellOutline aria-hidden="true" />
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <PriceAlertSheet
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
            symbol={symbol}
            currentPrice={currentPrice}
            precision={precision}
          />
        </Suspense>
      )}
    </>
  );
}
