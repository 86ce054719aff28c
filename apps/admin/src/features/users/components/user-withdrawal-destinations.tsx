import type { AdminWithdrawalDestinations } from '@app/contract/wallet';
import { Descriptions, Divider, Flex, Skeleton, Tag, Typography } from 'antd';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { useUserWithdrawalDestinations } from '../api/get-user-withdrawal-destinations';

const S = STRINGS.users.destinations;

/**
 * The user drawer's view of where the user's money may go (issue 14), read-only: each bound card and
 * address with when it was bound and whether it is still in its cooldown, and the user's protection.
 */
export function UserWithdrawalDestinations({ userId }: { userId: string }) {
  const query = useUserWithdrawalDestinations(userId);
  return (
    <>
      <Divider titlePlacement="start">{S.title}</Divider>
      {query.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {query.data && <Destinations data={query.data} />}
    </>
  );
}

function Destinations({ data }: { data: AdminWithdrawalDestinations }) {
  const { protection, card, addresses } = data;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={S.protection}>
        <Flex vertical gap={4}>
          <span>
            <Tag color={protection.isOn ? 'green' : 'orange'}>{protection.isOn ? S.on : S.off}</Tag>
            {S.cooldownHours(protection.cooldownHours)}
          </span>
          {protection.isOn && protection.lockedUntil && (
            <Typography.Text type="secondary">{S.lockedUntil(formatDateTime(protection.lockedUntil))}</Typography.Text>
          )}
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label={S.card}>
        {card ? (
          <Destination title={`${card.bankName} ${card.cardNumber}`} boundAt={card.boundAt} usableAt={card.usableAt} />
        ) : (
          S.noCard
        )}
      </Descriptions.Item>
      {addresses.length === 0 && <Descriptions.Item label="TRC20">{S.noAddresses}</Descriptions.Item>}
      {addresses.map((address) => (
        <Descriptions.Item key={address.id} label={address.label ? `TRC20 · ${address.label}` : 'TRC20'}>
          <Destination title={address.address} boundAt={address.boundAt} usableAt={address.usableAt} isMono />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function Destination(props: { title: string; boundAt: string; usableAt: string | null; isMono?: boolean }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text code={props.isMono} style={{ wordBreak: 'break-all' }}>
        {props.title}
      </Typography.Text>
      <span>
        <Typography.Text type="secondary">{S.boundAt(formatDateTime(props.boundAt))}</Typography.Text>{' '}
        {props.usableAt ? (
          <Tag color="orange">{S.coolingDown(formatDateTime(props.usableAt))}</Tag>
        ) : (
          <Tag color="green">{S.usable}</Tag>
        )}
      </span>
    </Flex>
  );
}
