import type { AdminWithdrawal } from '@app/contract/wallet';
import { Descriptions, Typography } from 'antd';
import { STRINGS } from '../../../config/strings';

const S = STRINGS.withdrawals;

/** The full card or address to pay out to, each field copyable on its own. */
export function DestinationDetail({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const entries = Object.entries(withdrawal.destinationDetail);
  if (entries.length === 0) return <Typography.Text>{withdrawal.destination}</Typography.Text>;
  return (
    <Descriptions column={1} size="small" bordered>
      {entries.map(([key, value]) => (
        <Descriptions.Item key={key} label={S.detailKeys[key] ?? key}>
          <Typography.Text
            copyable={{ text: value }}
            code={isMachineValue(key)}
            strong
            style={{ fontSize: isMachineValue(key) ? 15 : undefined, wordBreak: 'break-all' }}
          >
            {value}
          </Typography.Text>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function isMachineValue(key: string): boolean {
  return key === 'cardNumber' || key === 'address';
}
