import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../../../config/strings';
import { applyServerErrors } from '../../../lib/form-errors';
import { type ImportAddressesResult, useImportDepositAddresses } from '../api/import-deposit-addresses';

const S = STRINGS.depositAddresses;
const TEXT_LENGTH_MAX = 200_000;

export function ImportAddressesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ addresses: string }>();
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<ImportAddressesResult | null>(null);
  const mutation = useImportDepositAddresses();
  const text = Form.useWatch('addresses', form) ?? '';
  const lineCount = text.split('\n').filter((line) => line.trim() !== '').length;

  const submit = ({ addresses }: { addresses: string }) => {
    setAlert(null);
    mutation.mutate(
      { addresses },
      {
        onSuccess: (answer) => {
          setResult(answer);
          form.resetFields();
        },
        onError: (error) => setAlert(applyServerErrors(form, error, ['addresses'])),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={S.importTitle}
      okText={S.importOk}
      cancelText={STRINGS.common.close}
      okButtonProps={{ loading: mutation.isPending, htmlType: 'submit', form: 'import-addresses' }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAlert(null);
        setResult(null);
      }}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph>{S.importHint}</Typography.Paragraph>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      {result && <ImportResult result={result} />}
      <Form id="import-addresses" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="addresses"
          label={S.importLabel}
          extra={S.lineCount(lineCount)}
          rules={[{ required: true, whitespace: true, message: S.importRequired }]}
        >
          <Input.TextArea
            rows={10}
            maxLength={TEXT_LENGTH_MAX}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            placeholder="TXYZ…"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ImportResult({ result }: { result: ImportAddressesResult }) {
  return (
    <Alert
      type={result.invalid.length > 0 ? 'warning' : 'success'}
      showIcon
      style={{ marginBottom: 16 }}
      title={S.result(result.imported, result.duplicates)}
      description={
        result.invalid.length > 0 && (
          <>
            <Typography.Text>{S.invalidTitle(result.invalid.length)}</Typography.Text>
            <pre style={{ maxHeight: 160, overflow: 'auto', margin: '4px 0 0' }}>{result.invalid.join('\n')}</pre>
          </>
        )
      }
    />
  );
}
