import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined, WarningFilled } from '@ant-design/icons';
import type { Reconciliation } from '@app/contract/ledger';
import { formatAmount } from '@app/contract/money';
import { Button, Card, Col, Divider, Flex, Result, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { Fragment } from 'react';
import { QueryError } from '../../../components/query-error';
import { ScreenTitle } from '../../../components/screen-title';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { formatMoney, toMinor } from '../../../lib/money';
import { useReconciliation } from '../api/get-reconciliation';

const S = STRINGS.ledger;
type TrialBalanceRow = Reconciliation['trialBalance'][number];

/** The books' proof: all postings sum to zero, balances equal their postings, no user below zero. */
export function ReconciliationScreen() {
  const query = useReconciliation();
  const report = query.data;
  return (
    <>
      <ScreenTitle
        title={S.reconciliationTitle}
        action={
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isFetching}>
            {S.rerun}
          </Button>
        }
      />
      {query.isPending && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      {report && <ReconciliationReport report={report} />}
    </>
  );
}

function ReconciliationReport({ report }: { report: Reconciliation }) {
  return (
    <Flex vertical gap={16}>
      <Verdict report={report} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={S.checks}>
            {checksOf(report).map((check, index) => (
              <Fragment key={check.label}>
                {index > 0 && <Divider style={{ margin: '10px 0' }} />}
                <CheckRow check={check} />
              </Fragment>
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={S.trialBalance}>
            <Table<TrialBalanceRow>
              rowKey={(row) => `${row.currency}:${row.account}`}
              size="small"
              pagination={false}
              dataSource={report.trialBalance}
              columns={[
                {
                  title: S.account,
                  dataIndex: 'account',
                  render: (a: string) => <Typography.Text code>{a}</Typography.Text>,
                },
                { title: S.currency, dataIndex: 'currency' },
                {
                  title: S.balance,
                  key: 'balance',
                  align: 'right',
                  render: (_, row) => <Amount text={formatMoney(row.balance, row.currency)} />,
                },
              ]}
              summary={() => <TrialBalanceTotals rows={report.trialBalance} />}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/** Platform accounts are normally negative: a trial balance shows plain figures, and their sum, which must be 0. */
function TrialBalanceTotals({ rows }: { rows: TrialBalanceRow[] }) {
  const totals = new Map<string, bigint>();
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0n) + (toMinor(row.balance) ?? 0n));
  return [...totals].map(([currency, total]) => (
    <Table.Summary.Row key={currency}>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>{S.total}</Typography.Text>
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1}>{currency}</Table.Summary.Cell>
      <Table.Summary.Cell index={2} align="right">
        <Typography.Text strong type={total === 0n ? 'success' : 'danger'}>
          <Amount text={formatMoney(formatAmount(total), currency)} />
        </Typography.Text>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  ));
}

function Amount({ text }: { text: string }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
}

function Verdict({ report }: { report: Reconciliation }) {
  const checkedAt = S.checkedAt(formatDateTime(report.checkedAt));
  if (report.isBalanced) {
    return (
      <Result
        status="success"
        title={S.balanced}
        subTitle={`${S.balancedText} ${checkedAt}`}
        style={{ background: '#f6ffed', border: '1px solid #b7eb8f', borderRadius: 8, padding: 24 }}
      />
    );
  }
  return (
    <div role="alert">
      <Result
        status="error"
        icon={<WarningFilled style={{ color: '#cf1322' }} />}
        title={<span style={{ color: '#cf1322', fontWeight: 700 }}>{S.notBalanced}</span>}
        subTitle={`${S.notBalancedText} ${checkedAt}`}
        style={{ background: '#fff1f0', border: '2px solid #cf1322', borderRadius: 8, padding: 24 }}
      />
    </div>
  );
}

interface Check {
  label: string;
  isOk: boolean;
  detail: string;
}

function checksOf(report: Reconciliation): Check[] {
  const sums = Object.entries(report.postingsSum).map(([currency, sum]) => ({
    label: S.postingsSum(currency),
    isOk: toMinor(sum) === 0n,
    detail: sum,
  }));
  const count = (label: string, value: number) => ({ label, isOk: value === 0, detail: String(value) });
  return [
    ...sums,
    count(S.journalsNotBalanced, report.journalsNotBalanced),
    count(S.accountsNotMatching, report.accountsNotMatchingPostings),
    count(S.belowZero, report.userAccountsBelowZero),
  ];
}

function CheckRow({ check }: { check: Check }) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Flex gap={8} align="center" wrap>
        {check.isOk ? (
          <CheckCircleFilled style={{ color: '#52c41a' }} />
        ) : (
          <CloseCircleFilled style={{ color: '#cf1322' }} />
        )}
        <span>{check.label}</span>
        <Typography.Text code type={check.isOk ? undefined : 'danger'}>
          {check.detail}
        </Typography.Text>
      </Flex>
      <Tag color={check.isOk ? 'green' : 'red'}>{check.isOk ? S.ok : S.failed}</Tag>
    </Flex>
  );
}
