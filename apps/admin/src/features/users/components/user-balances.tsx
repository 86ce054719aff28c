import type { BalanceList } from '@app/contract/ledger';
import { Descriptions, Skeleton, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatMoney } from '../../../lib/money';
import { useUserBalances } from '../api/get-user-balances';

const B = STRINGS.users.balances;
const ROWS = ['available', 'frozen', 'trading', 'earnLocked', 'earnFlexible'] as const;

/** Read-only: balances change only through journals. */
export function UserBalances({ userId }: { userId: string }) {
  const query = useUserBalances(userId, { enabled: true });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return query.data.map((balance) => <BalanceTable key={balance.currency} balance={balance} />);
}

function BalanceTable({ balance }: { balance: BalanceList }) {
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 8 }}>
      {ROWS.map((key) => (
        <Descriptions.Item key={key} label={B[key]}>
          {formatMoney(balance[key], balance.currency)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={B.total}>
        <Typography.Text strong>{formatMoney(balance.total, balance.currency)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
