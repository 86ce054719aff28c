import { DAILY_RATE_PERCENT_MAX, type FlexibleRate, isDailyRatePercentText } from '@app/contract/flexible-earn';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Statistic,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCan } from '../../../app/current-admin';
import { ListTable } from '../../../components/list-table';
import { QueryError } from '../../../components/query-error';
import { STRINGS } from '../../../config/strings';
import { useList } from '../../../hooks/use-list';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { flexibleRatesQueryOptions } from '../api/get-flexible-rates';
import { useFlexibleSummary } from '../api/get-flexible-summary';
import { useSetFlexibleRate } from '../api/set-flexible-rate';

const S = STRINGS.flexibleEarn;

/** Flexible earn: what users hold and were paid, the daily rate, and its history. */
export function FlexibleEarnScreen() {
  const canEdit = useCan('flexibleEarn.manage');
  const rates = useList({ page: flexibleRatesQueryOptions });
  return (
    <>
      <Typography.Title level={3}>{S.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{S.hint}</Typography.Paragraph>
      <Totals />
      {canEdit && <RateForm />}
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {S.history}
      </Typography.Title>
      <ListTable<FlexibleRate> list={rates} columns={COLUMNS} rowKey="id" />
    </>
  );
}

function Totals() {
  const summary = useFlexibleSummary();
  if (summary.error) return <QueryError error={summary.error} onRetry={() => summary.refetch()} />;
  const data = summary.data;
  const stats = [
    { title: S.rateToday, value: data ? `${data.dailyRatePercent}%` : '—' },
    {
      title: S.rateNext,
      value: data?.nextDailyRatePercent
        ? `${data.nextDailyRatePercent}% ${S.from(data.nextRateFrom ?? '')}`
        : S.noChange,
    },
    { title: S.totalHeld, value: formatMoney(data?.totalHeld) },
    { title: S.holders, value: data ? String(data.holders) : '—' },
    { title: S.totalPaid, value: formatMoney(data?.totalInterestPaid) },
    { title: S.yesterdayPaid, value: formatMoney(data?.yesterdayInterestPaid) },
    { title: S.lastPaidDay, value: data?.lastPaidDay ?? '—' },
    { title: S.pending, value: data ? String(data.daysPending) : '—' },
  ];
  return (
    <Card loading={summary.isPending} style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {stats.map((stat) => (
          <Col key={stat.title} xs={12} md={6}>
            <Statistic title={stat.title} value={stat.value} formatter={() => stat.value} />
          </Col>
        ))}
      </Row>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {S.zone(data.platformTimeZone, data.today)}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

interface RateFormValues {
  dailyRatePercent: string;
  effectiveFrom?: Dayjs;
}

const RATE_RULES: Rule[] = [
  {
    validator: (_, value: string | undefined) => {
      const text = value?.trim() ?? '';
      const isValid = isDailyRatePercentText(text) && Number(text) <= Number(DAILY_RATE_PERCENT_MAX);
      return isValid ? Promise.resolve() : Promise.reject(new Error(S.rateRule));
    },
  },
];

function RateForm() {
  const [form] = Form.useForm<RateFormValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const { message } = App.useApp();
  const mutation = useSetFlexibleRate();
  const submit = (values: RateFormValues) => {
    setAlert(null);
    const body = {
      dailyRatePercent: values.dailyRatePercent.trim(),
      ...(values.effectiveFrom ? { effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD') } : {}),
    };
    mutation.mutate(body, {
      onSuccess: (rate) => {
        message.success(S.saved(rate.dailyRatePercent, rate.effectiveFrom));
        form.resetFields();
      },
      onError: (error) => setAlert(applyServerErrors(form, error, ['dailyRatePercent', 'effectiveFrom'])),
    });
  };
  return (
    <Card title={S.setRate}>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="inline" onFinish={submit} requiredMark={false}>
        <Form.Item name="dailyRatePercent" label={S.dailyRate} rules={RATE_RULES}>
          <Input suffix={S.percentADay} style={{ width: 200 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="effectiveFrom" label={S.effectiveFrom} extra={S.effectiveFromHint}>
          <DatePicker disabledDate={(day) => !day.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {S.submit}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

const COLUMNS: TableColumnsType<FlexibleRate> = [
  { title: S.columns.rate, dataIndex: 'dailyRatePercent', render: (rate: string) => `${rate}%` },
  { title: S.columns.effectiveFrom, dataIndex: 'effectiveFrom' },
  { title: S.columns.setBy, dataIndex: 'adminUsername', render: (name: string | null) => name ?? S.initial },
  { title: S.columns.setAt, dataIndex: 'createdAt', render: formatDateTime },
];
