import { type AdminWithdrawal, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@app/contract/wallet';
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
import { newIdempotencyKey } from '../../../lib/idempotency';
import { readId, readStatus } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { useWithdrawalCounts, withdrawalsQueryOptions } from '../api/get-withdrawals';
import { useRejectWithdrawal } from '../api/reject-withdrawal';
import { ApproveWithdrawalModal } from './approve-withdrawal-modal';
import { DestinationDetail } from './destination-detail';
import { isOwnFirstApproval, nextApproveStep } from './withdrawal-state';

const S = STRINGS.withdrawals;
const STATUS_COLORS: Record<WithdrawalStatus, string> = {
  pending: 'orange',
  approved: 'gold',
  paid: 'green',
  rejected: 'red',
};

interface CurrentAdmin {
  id: string;
  username: string;
}

type Action = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal; idempotencyKey: string };

const readFilters = (searchParams: URLSearchParams) => ({
  status: readStatus(searchParams, WITHDRAWAL_STATUSES, 'pending'),
  userId: readId(searchParams, 'userId'),
});

/** Withdrawal requests, pending first. Paying out is maker-checker above the configured amount. */
export function WithdrawalsScreen({ currentAdmin }: { currentAdmin: CurrentAdmin }) {
  const list = useList({ filters: readFilters, page: withdrawalsQueryOptions });
  const { params, filter } = list;
  const counts = useWithdrawalCounts();
  const [action, setAction] = useState<Action | null>(null);
  const { message } = App.useApp();
  const reject = useRejectWithdrawal();
  const act = (kind: Action['kind'], withdrawal: AdminWithdrawal) =>
    setAction({ kind, withdrawal, idempotencyKey: newIdempotencyKey() });
  const approveStep = action?.kind === 'approve' ? nextApproveStep(action.withdrawal) : null;

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <ListToolbar list={list}>
        <StatusFilter
          value={params.status}
          statuses={WITHDRAWAL_STATUSES}
          labels={{
            ...S.statuses,
            approved: `${S.statuses.approved}${counts.approved ? ` (${counts.approved})` : ''}`,
          }}
          pendingStatus="pending"
          pendingCount={counts.pending}
          onChange={(status) => filter({ status })}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
      </ListToolbar>
      <ListTable<AdminWithdrawal>
        list={list}
        columns={buildColumns(currentAdmin, act)}
        expandable={{
          expandedRowRender: (w) => (
            <div style={{ maxWidth: 640 }}>
              <DestinationDetail withdrawal={w} />
            </div>
          ),
        }}
      />
      {action?.kind === 'approve' && approveStep && (
        <ApproveWithdrawalModal
          key={action.idempotencyKey}
          withdrawal={action.withdrawal}
          step={approveStep}
          isOwnFirstApproval={isOwnFirstApproval(action.withdrawal, currentAdmin)}
          onClose={() => setAction(null)}
        />
      )}
      <ReasonModal
        open={action?.kind === 'reject'}
        title={action ? S.rejectTitle(action.withdrawal.id) : ''}
        description={action ? S.rejectText(formatMoney(action.withdrawal.amount), action.withdrawal.username) : ''}
        okText={S.reject}
        isDanger
        onCancel={() => setAction(null)}
        onSubmit={async (reason) => {
          if (!action) return;
          await reject.mutateAsync({ id: action.withdrawal.id, reason, idempotencyKey: action.idempotencyKey });
          message.success(S.rejected);
          setAction(null);
        }}
      />
    </>
  );
}

function buildColumns(
  currentAdmin: CurrentAdmin,
  act: (kind: Action['kind'], w: AdminWithdrawal) => void,
): TableColumnsType<AdminWithdrawal> {
  const C = S.columns;
  return [
    { title: C.id, dataIndex: 'id' },
    userColumn(C.username),
    { title: C.method, dataIndex: 'method', render: (m: AdminWithdrawal['method']) => <Tag>{S.methods[m]}</Tag> },
    { title: C.amount, dataIndex: 'amount', align: 'right', render: (a: string) => formatMoney(a) },
    { title: C.fee, dataIndex: 'fee', align: 'right', render: (a: string) => formatMoney(a) },
    {
      title: C.netAmount,
      dataIndex: 'netAmount',
      align: 'right',
      render: (a: string) => <Typography.Text strong>{formatMoney(a)}</Typography.Text>,
    },
    {
      title: C.fiat,
      key: 'fiat',
      align: 'right',
      render: (_, w) =>
        w.fiatCurrency && w.fiatAmount && w.fiatRate ? (
          <Space orientation="vertical" size={0} align="end">
            <Typography.Text strong>{formatMoney(w.fiatAmount, w.fiatCurrency)}</Typography.Text>
            <Typography.Text type="secondary">
              {STRINGS.deposits.atRate(formatMoney(w.fiatRate, w.fiatCurrency))}
            </Typography.Text>
          </Space>
        ) : (
          STRINGS.common.none
        ),
    },
    {
      title: C.destination,
      dataIndex: 'destination',
      render: (d: string) => <Typography.Text code>{d}</Typography.Text>,
    },
    {
      title: C.status,
      dataIndex: 'status',
      render: (s: WithdrawalStatus) => <Tag color={STATUS_COLORS[s]}>{S.statuses[s]}</Tag>,
    },
    {
      title: C.approvals,
      key: 'approvals',
      render: (_, w) => <Approvals withdrawal={w} currentAdmin={currentAdmin} />,
    },
    { title: C.createdAt, dataIndex: 'createdAt', render: formatDateTime },
    { title: C.completedAt, dataIndex: 'completedAt', render: formatDateTime },
    {
      title: STRINGS.common.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, w) => {
        const step = nextApproveStep(w);
        if (!step) return null;
        return (
          <Space>
            <Button size="small" type="primary" onClick={() => act('approve', w)}>
              {step === 'first' ? S.firstApproval : S.approveAndPay}
            </Button>
            <Button size="small" danger onClick={() => act('reject', w)}>
              {S.reject}
            </Button>
          </Space>
        );
      },
    },
  ];
}

function Approvals({ withdrawal: w, currentAdmin }: { withdrawal: AdminWithdrawal; currentAdmin: CurrentAdmin }) {
  return (
    <Space orientation="vertical" size={2}>
      {w.needsSecondApproval && <Tag color="purple">{S.needsSecond}</Tag>}
      {w.firstApprovedBy && (
        <Typography.Text type="secondary">
          {S.firstApprovedBy(adminLabel(w.firstApprovedBy))}
          {isOwnFirstApproval(w, currentAdmin) ? S.you : ''}
        </Typography.Text>
      )}
      {w.decidedBy && <Typography.Text type="secondary">{S.decidedBy(adminLabel(w.decidedBy))}</Typography.Text>}
      {w.payoutReference && (
        <Typography.Text code copyable>
          {w.payoutReference}
        </Typography.Text>
      )}
      {w.rejectReason && <Typography.Text type="danger">{w.rejectReason}</Typography.Text>}
    </Space>
  );
}

/** The server names operators by id. */
function adminLabel(idOrName: string): string {
  return /^\d+$/.test(idOrName) ? `admin #${idOrName}` : idOrName;
}
