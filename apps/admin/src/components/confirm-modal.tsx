import type { ReactNode } from 'react';
import { useSubmit } from '../hooks/use-submit';
import { ActionModal } from './action-modal';

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
  const { error, setError, isSubmitting, run } = useSubmit();
  return (
    <ActionModal
      open={open}
      title={title}
      okText={okText}
      isDanger={isDanger}
      isSubmitting={isSubmitting}
      error={error}
      onOk={() => run(onConfirm)}
      onCancel={onCancel}
      afterClose={() => setError(null)}
      destroyOnHidden
    >
      {children}
    </ActionModal>
  );
}
