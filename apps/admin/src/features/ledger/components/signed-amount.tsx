import { Typography } from 'antd';
import { formatMoney } from '../../../lib/money';

/** A posting amount: credits green with a plus, debits red. */
export function SignedAmount({ amount, currency = 'USDT' }: { amount: string; currency?: string }) {
  const isDebit = amount.startsWith('-');
  const isZero = /^-?0(\.0*)?$/.test(amount);
  return (
    <Typography.Text
      type={isZero ? undefined : isDebit ? 'danger' : 'success'}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {!isDebit && !isZero ? '+' : ''}
      {formatMoney(amount, currency)}
    </Typography.Text>
  );
}
