import { JOURNAL_KINDS, type Journal } from '@app/contract/ledger';
import { Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { ListTable } from '../../../components/list-table';
import { ListToolbar } from '../../../components/list-toolbar';
import { UserIdFilter } from '../../../components/user-id-filter';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { readId } from '../../../lib/list-params';
import { formatMoney } from '../../../lib/money';
import { journalsQueryOptions } from '../api/get-journals';
import { SignedAmount } from './signed-amount';

const S = STRINGS.ledger;
type Posting = Journal['postings'][number];
const readFilters = (searchParams: URLSearchParams) => ({
  kind: JOURNAL_KINDS.find((k) => k === searchParams.get('kind')),
  userId: readId(searchParams, 'userId'),
});

/** Every journal, newest first; a row opens to its postings, which sum to zero. */
export function JournalsScreen() {
  const list = useList({ filters: readFilters, page: journalsQueryOptions });
  const { params, filter } = list;

  return (
    <>
      <Typography.Title level={3}>{S.journalsTitle}</Typography.Title>
      <ListToolbar list={list}>
        <Select
          aria-label={S.kind}
          value={params.kind ?? ''}
          style={{ width: 220 }}
          onChange={(value) => filter({ kind: value })}
          options={[
            { value: '', label: `${S.kind}: ${STRINGS.common.all}` },
            ...JOURNAL_KINDS.map((k) => ({ value: k, label: S.kinds[k] ?? k })),
          ]}
        />
        <UserIdFilter value={params.userId} onChange={(userId) => filter({ userId })} />
      </ListToolbar>
      <ListTable<Journal>
        list={list}
        columns={COLUMNS}
        expandable={{ expandedRowRender: (journal) => <Postings postings={journal.postings} /> }}
      />
    </>
  );
}

function Postings({ postings }: { postings: Posting[] }) {
  const C = S.columns;
  return (
    <Table<Posting>
      rowKey={(p, index) => `${p.account}-${p.userId ?? ''}-${index}`}
      size="small"
      pagination={false}
      dataSource={postings}
      style={{ maxWidth: 760 }}
      columns={[
        { title: C.account, dataIndex: 'account', render: (a: string) => <Typography.Text code>{a}</Typography.Text> },
        { title: C.user, dataIndex: 'userId', render: (id: string | null) => (id ? `#${id}` : STRINGS.common.none) },
        { title: C.amount, dataIndex: 'amount', align: 'right', render: (a: string) => <SignedAmount amount={a} /> },
        { title: C.balanceAfter, dataIndex: 'balanceAfter', align: 'right', render: (a: string) => formatMoney(a) },
      ]}
    />
  );
}

const COLUMNS: TableColumnsType<Journal> = [
  { title: S.columns.id, dataIndex: 'id', render: (id: string) => `#${id}` },
  { title: S.columns.createdAt, dataIndex: 'createdAt', render: formatDateTime },
  { title: S.columns.kind, dataIndex: 'kind', render: (k: string) => <Tag>{S.kinds[k] ?? k}</Tag> },
  {
    title: S.columns.reference,
    key: 'reference',
    render: (_, j) => (
      <Typography.Text code>
        {j.referenceType} #{j.referenceId}
      </Typography.Text>
    ),
  },
  { title: S.columns.memo, dataIndex: 'memo', render: (m: string | null) => m ?? STRINGS.common.none },
  {
    title: S.columns.admin,
    dataIndex: 'adminId',
    render: (id: string | null) => (id ? `#${id}` : STRINGS.common.none),
  },
  { title: S.columns.postings, key: 'postings', align: 'right', render: (_, j) => j.postings.length },
];
