import { Form, Typography } from 'antd';
import { STRINGS } from '../config/strings';
import { useSubmit } from '../hooks/use-submit';
import { applyServerErrors } from '../lib/form-errors';
import { ActionModal } from './action-modal';
import { ReasonField } from './form-fields';

interface ReasonModalProps {
  open: boolean;
  title: string;
  description: string;
  okText: string;
  isDanger?: boolean;
  onCancel: () => void;
  /** Runs the action; a rejection keeps the dialog open and shows why. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Confirms an operator action and asks why; the reason goes to the audit log with the action. */
export function ReasonModal({ open, title, description, okText, isDanger, onCancel, onSubmit }: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const { error, setError, isSubmitting, run } = useSubmit();

  const submit = async () => {
    const { reason } = await form.validateFields();
    await run(
      () => onSubmit(reason.trim()),
      (caught) => applyServerErrors(form, caught, ['reason']),
    );
  };

  return (
    <ActionModal
      open={open}
      title={title}
      okText={okText}
      isDanger={isDanger}
      isSubmitting={isSubmitting}
      error={error}
      intro={<Typography.Paragraph>{description}</Typography.Paragraph>}
      onOk={() => submit().catch(() => {})}
      onCancel={onCancel}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <ReasonField label={STRINGS.common.reason} autoFocus />
      </Form>
    </ActionModal>
  );
}
