import type { AdminDeposit, DepositStatus } from '@app/contract/wallet';
import { DEPOSIT_STATUSES } from '@app/contract/wallet';
import { App, Button, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { ReasonModal } from '../../../components/reason-modal';
import { StatusFilter } from '../../../components/status-filter';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { PAGE_SIZES, readId, readPaging, readStatus, useUrlState } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { useDeposits, usePendingDepositCount } from '../api/get-deposits';
import { useRejectDeposit } from '../api/reject-deposit';
import { ConfirmDepositModal } from './confirm-deposit-modal';
import { DepositProofModal } from './deposit-proof-modal';

const S = STRINGS.deposits;
const STATUS_COLORS: Record<DepositStatus, string> = { pending: 'orange', confirmed: 'green', rejected: 'red' };

type Action = { kind: 'confirm' | 'reject' | 'proof'; deposit: AdminDeposit };

/** Deposit requests, pending first; finance confirms (credits once) or rejects with a reason. */
export function DepositsScreen() {
  const { searchParams, update } = useUrlState();
  const params = {
    status: readStatus(searchParams, DEPOSIT_STATUSES, 'pending'),
    userId: readId(searchParams, 'userId'),
    ...readPaging(searchParams),
  };
  const query = useDeposits(params);
  const pendingCount = usePendingDepositCount();
  const [action, setAction] = useState<Action | null>(null);
  const { message } = App.useApp();
  const reject = useRejectDeposit();

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <StatusFilter
          value={params.status}
          statuses={DEPOSIT_STATUSES}
          labels={S.statuses}
          pendingStatus="pending"
          pendingCount={pendingCount}
          onChange={(status) => update({ status, page: undefined })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => update({ userId, page: undefined })} />
        <Button onClick={() => query.refetch()} loading={query.isFetching}>
          {STRINGS.common.refresh}
        </Button>
      </Flex>
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AdminDeposit>
        rowKey="id"
        size="middle"
        columns={buildColumns((kind, deposit) => setAction({ kind, deposit }))}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: STRINGS.common.total,
          onChange: (page, pageSize) => update({ page, pageSize }),
        }}
      />
      {action?.kind === 'confirm' && (
        <ConfirmDepositModal key={action.deposit.id} deposit={action.deposit} onClose={() => setAction(null)} />
      )}
      <DepositProofModal
        depositId={action?.kind === 'proof' ? action.deposit.id : null}
        onClose={() => setAction(null)}
      />
      <ReasonModal
        open={action?.kind === 'reject'}
        title={action ? S.rejectTitle(action.deposit.id) : ''}
        description={action ? S.rejectText(action.deposit.username) : ''}
        okText={S.reject}
        isDanger
        onCancel={() => setAction(null)}
        onSubmit={async (reason) => {
          if (!action) return;
          await reject.mutateAsync({ id: action.deposit.id, reason });
          message.success(S.rejected);
          setAction(null);
        }}
      />
    </>
  );
}

function buildColumns(act: (kind: Action['kind'], deposit: AdminDeposit) => void): TableColumnsType<AdminDeposit> {
  const C = S.columns;
  return [
    { title: C.id, dataIndex: 'id' },
    {
      title: C.username,
      key: 'user',
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{d.username}</Typography.Text>
          <Typography.Text type="secondary">#{d.userId}</Typography.Text>
        </Space>
      ),
    },
    { title: C.method, dataIndex: 'method', render: (m: AdminDeposit['method']) => <Tag>{S.methods[m]}</Tag> },
    {
      title: C.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (a: string) => <Typography.Text strong>{formatMoney(a)}</Typography.Text>,
    },
    { title: C.credited, dataIndex: 'creditedAmount', align: 'right', render: (a: string | null) => formatMoney(a) },
    {
      title: C.txHash,
      dataIndex: 'txHash',
      render: (hash: string | null) =>
        hash ? (
          <Typography.Text code copyable={{ text: hash }} style={{ maxWidth: 180 }} ellipsis>
            {hash}
          </Typography.Text>
        ) : (
          STRINGS.common.none
        ),
    },
    {
      title: C.proof,
      key: 'proof',
      render: (_, d) =>
        d.hasProof ? (
          <Button size="small" onClick={() => act('proof', d)}>
            {S.viewProof}
          </Button>
        ) : (
          <Typography.Text type="secondary">{S.noProof}</Typography.Text>
        ),
    },
    {
      title: C.status,
      dataIndex: 'status',
      render: (s: DepositStatus) => <Tag color={STATUS_COLORS[s]}>{S.statuses[s]}</Tag>,
    },
    {
      title: C.note,
      key: 'note',
      render: (_, d) => d.rejectReason ?? d.note ?? STRINGS.common.none,
    },
    { title: C.createdAt, dataIndex: 'createdAt', render: formatDateTime },
    { title: C.reviewedAt, dataIndex: 'reviewedAt', render: formatDateTime },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, d) =>
        d.status === 'pending' ? (
          <Space>
            <Button size="small" type="primary" onClick={() => act('confirm', d)}>
              {S.confirm}
            </Button>
            <Button size="small" danger onClick={() => act('reject', d)}>
              {S.reject}
            </Button>
          </Space>
        ) : null,
    },
  ];
}
