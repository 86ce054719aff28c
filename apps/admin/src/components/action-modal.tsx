import { Alert, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../config/strings';

interface ActionModalProps extends ModalProps {
  /** Why the action failed; shown above the dialog's content, which stays open. */
  error: string | null;
  isDanger?: boolean;
  isSubmitting?: boolean;
  /** Shown before the error, e.g. what the action will do. */
  intro?: ReactNode;
}

/** The dialog of an operator action: Cancel and the action's button, which spins while it runs. */
export function ActionModal({
  error,
  isDanger,
  isSubmitting,
  intro,
  okButtonProps,
  children,
  ...modal
}: ActionModalProps) {
  return (
    <Modal
      open
      cancelText={STRINGS.common.cancel}
      okButtonProps={{ danger: isDanger, loading: isSubmitting, ...okButtonProps }}
      {...modal}
    >
      {intro}
      <FormError message={error} />
      {children}
    </Modal>
  );
}

/** A failed submit's message above a form, or nothing. */
export function FormError({ message }: { message: string | null }) {
  return message ? <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} /> : null;
}
