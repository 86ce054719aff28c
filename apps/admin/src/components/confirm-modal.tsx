import { Alert, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { STRINGS } from '../config/strings';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  okText: string;
  isDanger?: boolean;
  children: ReactNode;
  onCancel: () => void;
  /** Runs the action; a rejection keeps the dialog open and shows the server's message. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before an operator action that needs no reason, and shows why it failed without closing. */
export function ConfirmModal({ open, title, okText, isDanger, children, onCancel, onConfirm }: ConfirmModalProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const confirm = async () => {
    setAlert(null);
    setIsSubmitting(true);
    try {
      await onConfirm();
    } catch (error) {
      setAlert(error instanceof Error ? error.message : String(error));
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
      onOk={confirm}
      onCancel={onCancel}
      afterClose={() => setAlert(null)}
      destroyOnHidden
    >
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      {children}
    </Modal>
  );
}
