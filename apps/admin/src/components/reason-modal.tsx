import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../config/strings';
import { applyServerErrors } from '../lib/form-errors';

const REASON_LENGTH_MAX = 500;

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
  const [alert, setAlert] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async () => {
    const { reason } = await form.validateFields();
    setAlert(null);
    setIsSubmitting(true);
    try {
      await onSubmit(reason.trim());
    } catch (error) {
      setAlert(applyServerErrors(form, error, ['reason']));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={STRINGS.common.cancel}
      okButtonProps={{ danger: isDanger, loading: isSubmitting }}
      onOk={() => submit().catch(() => {})}
      onCancel={onCancel}
      afterClose={() => {
        form.resetFields();
        setAlert(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={STRINGS.common.reason}
          rules={[
            { required: true, whitespace: true, message: STRINGS.common.reasonRequired },
            { max: REASON_LENGTH_MAX, message: STRINGS.common.reasonTooLong },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={REASON_LENGTH_MAX}
            showCount
            placeholder={STRINGS.common.reasonPlaceholder}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
