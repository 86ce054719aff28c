import { useTranslation } from '../lib/i18n';
import type { PriceSourceKind } from '../lib/price-source';
import './price-source-label.css';

/** Honest labels (DESIGN.md 0): wherever prices are shown, where they come from. Nothing until it is known. */
export function PriceSourceLabel({ kind }: { kind: PriceSourceKind | null | undefined }) {
  const { t } = useTranslation();
  if (!kind) return null;
  return (
    <span className={`source-label source-label--${kind}`} title={t(`markets.${kind}Note`)}>
      <span className="source-label__dot" aria-hidden="true" />
      {t(`markets.${kind}`)}
    </span>
  );
}

/** A product's source in a list whose products differ. */
export function PriceSourceTag({ source }: { source: 'simulated' | 'live' }) {
  const { t } = useTranslation();
  return <span className={`source-tag source-tag--${source}`}>{t(`markets.sourceTag.${source}`)}</span>;
}
