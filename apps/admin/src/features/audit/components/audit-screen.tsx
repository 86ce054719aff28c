import { AUDIT_ACTIONS, type AuditEntry } from '@app/contract/admin';
import { Button, Col, Flex, Form, Input, Row, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { formatDateTime } from '../../../lib/format';
import { type AuditListParams, useAuditEntries } from '../api/get-audit-entries';

const S = STRINGS.audit;
const PAGE_SIZES = [20, 50, 100];
const FILTER_KEYS = ['adminId', 'action', 'targetType', 'targetId'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

export interface AdminOption {
  value: string;
  label: string;
}

/** The append-only record of admin actions, newest first; filters live in the URL. */
export function AuditScreen({ adminOptions }: { adminOptions: AdminOption[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const query = useAuditEntries(params);

  const update = (changes: Record<string, string | number | undefined>) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  };

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <AuditFilters
        key={searchParams.toString()}
        initial={params}
        adminOptions={adminOptions}
        onApply={(filters) => update({ ...emptyFilters(), ...filters, page: undefined })}
      />
      {query.isError && <QueryError error={query.error} onRetry={() => query.refetch()} />}
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
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
    </>
  );
}

function AuditFilters(props: { initial: Filters; adminOptions: AdminOption[]; onApply: (filters: Filters) => void }) {
  const [form] = Form.useForm<Filters>();
  const F = S.filters;
  const trimmed = (values: Filters): Filters =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value?.trim() || undefined]));
  return (
    <Form form={form} initialValues={props.initial} onFinish={(values) => props.onApply(trimmed(values))}>
      <Row gutter={[12, 0]}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="adminId" label={F.admin}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={props.adminOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="action" label={F.action}>
            <Select
              allowClear
              showSearch
              placeholder={F.actionPlaceholder}
              options={AUDIT_ACTIONS.map((action) => ({ value: action, label: action }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="targetType" label={F.targetType}>
            <Input allowClear maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item name="targetId" label={F.targetId}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          {STRINGS.common.search}
        </Button>
        <Button onClick={() => props.onApply({})}>{STRINGS.common.reset}</Button>
      </Flex>
    </Form>
  );
}

function AuditChange({ entry }: { entry: AuditEntry }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Typography.Text strong>{S.before}</Typography.Text>
        <JsonBlock value={entry.before} />
      </Col>
      <Col xs={24} md={12}>
        <Typography.Text strong>{S.after}</Typography.Text>
        <JsonBlock value={entry.after} />
      </Col>
    </Row>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  const text = value === null || value === undefined ? S.empty : JSON.stringify(value, null, 2);
  return (
    <pre
      style={{
        margin: '4px 0 0',
        padding: 8,
        background: 'rgba(0,0,0,0.04)',
        borderRadius: 6,
        overflow: 'auto',
        maxHeight: 360,
      }}
    >
      {text}
    </pre>
  );
}

const COLUMNS: TableColumnsType<AuditEntry> = [
  { title: S.columns.time, dataIndex: 'createdAt', render: formatDateTime },
  {
    title: S.columns.admin,
    key: 'admin',
    render: (_, entry) => entry.adminUsername ?? entry.adminId ?? STRINGS.common.none,
  },
  {
    title: S.columns.action,
    dataIndex: 'action',
    render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
  },
  {
    title: S.columns.target,
    key: 'target',
    render: (_, entry) =>
      entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : STRINGS.common.none,
  },
  { title: S.columns.ip, dataIndex: 'ip', render: (ip: string | null) => ip ?? STRINGS.common.none },
];

function emptyFilters(): Filters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]));
}

function readParams(searchParams: URLSearchParams): AuditListParams {
  const page = Number(searchParams.get('page'));
  const pageSize = Number(searchParams.get('pageSize'));
  const filters: Filters = {};
  for (const key of FILTER_KEYS) filters[key] = searchParams.get(key) || undefined;
  return {
    ...filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 ? Math.min(pageSize, 100) : PAGE_SIZES[0]!,
  };
}
