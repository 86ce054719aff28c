import type { TradingPeriod } from '@app/contract/markets';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AmountProblem, checkAmount } from '../../../lib/form/amount-rules';
import { useTranslation } from '../../../lib/i18n';
import { displayMoney } from '../../../lib/money';

// The reasons and texts of both order forms: the chart's panel (/xq) and /trade.

export type BlockReason = Exclude<AmountProblem, 'required' | 'ambiguous'> | 'empty' | 'short';

/**
 * Why the order cannot go as typed (the buttons are disabled and say so), or null: nothing or zero
 * typed, an amount that is not one or outside the period's range, or more than the balance. An amount
 * that reads two ways carries its own message (which readings, how to type it).
 */
export function blockReason(typed: string, period: TradingPeriod, isShort: boolean): BlockReason | string | null {
  const checked = checkAmount(typed, {
    required: null,
    invalid: 'invalid',
    min: period.minStake,
    max: period.maxStake,
  });
  if (checked.problem === 'required') return 'empty';
  if (checked.problem === 'ambiguous') return checked.message;
  if (checked.problem) return checked.problem;
  return isShort ? 'short' : null;
}

export function BlockReasonText({
  reason,
  period,
}: {
  reason: BlockReason | string;
  period: TradingPeriod;
}): ReactNode {
  const { t } = useTranslation();
  if (reason === 'belowMin') return t('trade.belowMin', { min: displayMoney(period.minStake) });
  if (reason === 'aboveMax') return t('trade.aboveMax', { max: displayMoney(period.maxStake) });
  if (reason === 'empty') return t('trade.enterAmount');
  if (reason === 'invalid') return t('trade.incorrectAmount');
  if (reason !== 'short') return reason;
  return (
    <>
      {t('trade.shortBalance')} —{' '}
      <Link className="link" to="/recharge">
        {t('trade.deposit')}
      </Link>
    </>
  );
}
