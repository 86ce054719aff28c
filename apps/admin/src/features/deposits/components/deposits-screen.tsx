import type { AdminDeposit, DepositStatus } from '@app/contract/wallet';
import { DEPOSIT_STATUSES } from '@app/contract/wallet';
import { App, Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { ReasonModal } from '../../../components/reason-modal';
import { StatusFilter } from '../../../components/status-filter';
import { userColumn } from '../../../components/user-column';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { readId, readStatus } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { depositsQueryOptions, usePendingDepositCount } from '../api/get-deposits';
import { useRejectDeposit } from '../api/reject-deposit';
import { ConfirmDepositModal } from './confirm-deposit-modal';
import { DepositProofModal } from './deposit-proof-modal';

const S = STRINGS.deposits;
const STATUS_COLORS: Record<DepositStatus, string> = { pending: 'orange', confirmed: 'green', rejected: 'red' };

type Action = { kind: 'confirm' | 'reject' | 'proof'; deposit: AdminDeposit };

const readFilters = (searchParams: URLSearchParams) => ({
  status: readStatus(searchParams, DEPOSIT_STATUSES, 'pending'),
  userId: readId(searchParams, 'userId'),
});

/** Deposit requests, pending first; finance confirms (credits once) or rejects with a reason. */
export function DepositsScreen() {
  const list = useList({ filters: readFilters, page: depositsQueryOptions });
  const { params, filter } = list;
  const pendingCount = usePendingDepositCount();
  const [action, setAction] = useState<Action | null>(null);
  const { message } = App.useApp();
  const reject = useRejectDeposit();

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <ListToolbar list={list}>
        <StatusFilter
          value={params.status}
          statuses={DEPOSIT_STATUSES}
          labels={S.statuses}
          pendingStatus="pending"
          pendingCount={pendingCount}
          onChange={(status) => filter({ status })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
      </ListToolbar>
      <ListTable<AdminDeposit> list={list} columns={buildColumns((kind, deposit) => setAction({ kind, deposit }))} />
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

/** The fiat to transfer at the locked rate and, once confirmed, the fiat that arrived. */
function DepositFiat({ deposit: d }: { deposit: AdminDeposit }) {
  if (!d.fiatCurrency || !d.fiatAmount || !d.fiatRate) return <>{STRINGS.common.none}</>;
  return (
    <Space orientation="vertical" size={0} align="end">
      <Typography.Text strong>{formatMoney(d.fiatAmount, d.fiatCurrency)}</Typography.Text>
      <Typography.Text type="secondary">{S.atRate(formatMoney(d.fiatRate, d.fiatCurrency))}</Typography.Text>
      {d.fiatReceived && (
        <Typography.Text>{S.receivedFiat(formatMoney(d.fiatReceived, d.fiatCurrency))}</Typography.Text>
      )}
    </Space>
  );
}

function buildColumns(act: (kind: Action['kind'], deposit: AdminDeposit) => void): TableColumnsType<AdminDeposit> {
  const C = S.columns;
  return [
    { title: C.id, dataIndex: 'id' },
    userColumn(C.username),
    { title: C.method, dataIndex: 'method', render: (m: AdminDeposit['method']) => <Tag>{S.methods[m]}</Tag> },
    {
      title: C.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (a: string) => <Typography.Text strong>{formatMoney(a)}</Typography.Text>,
    },
    { title: C.credited, dataIndex: 'creditedAmount', align: 'right', render: (a: string | null) => formatMoney(a) },
    { title: C.fiat, key: 'fiat', align: 'right', render: (_, d) => <DepositFiat deposit={d} /> },
    {
      title: C.account,
      key: 'account',
      render: (_, d) =>
        d.bankAccount ? `${d.bankAccount.bankName} ··${d.bankAccount.cardNumber.slice(-4)}` : STRINGS.common.none,
    },
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
