import { formatPercent, trendOf } from '../../../lib/price';

/** A percent change coloured by its sign (up green, down red). */
export function ChangeText({ percent, variant = 'text' }: { percent: string | null; variant?: 'text' | 'pill' }) {
  const trend = trendOf(percent);
  return <span className={`change change--${variant} is-${trend}`}>{formatPercent(percent)}</span>;
}
