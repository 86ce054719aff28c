import { AUDIT_ACTIONS, type AuditEntry } from '@app/contract/admin';
import { Button, Col, Flex, Form, Input, Row, Select, type TableColumnsType, Typography } from 'antd';
import { ListTable } from '../../../components/list-table';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { formatDateTime } from '../../../lib/format';
import { auditEntriesQueryOptions } from '../api/get-audit-entries';

const S = STRINGS.audit;
const FILTER_KEYS = ['adminId', 'action', 'targetType', 'targetId'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

export interface AdminOption {
  value: string;
  label: string;
}

/** The append-only record of admin actions, newest first; filters live in the URL. */
export function AuditScreen({ adminOptions }: { adminOptions: AdminOption[] }) {
  const list = useList({ filters: readFilters, page: auditEntriesQueryOptions });
  const { params, filter, searchParams } = list;

  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <AuditFilters
        key={searchParams.toString()}
        initial={params}
        adminOptions={adminOptions}
        onApply={(filters) => filter({ ...emptyFilters(), ...filters })}
      />
      <ListTable<AuditEntry>
        list={list}
        columns={COLUMNS}
        expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
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

function readFilters(searchParams: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) filters[key] = searchParams.get(key) || undefined;
  return filters;
}
