import { Alert, Button, Drawer, Flex, Form, Space } from 'antd';
import type { Store } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { STRINGS } from '../config/strings';
import { type SaveFormOptions, useSaveForm } from '../hooks/use-save-form';

interface FormDrawerProps<V> extends Omit<SaveFormOptions<V>, 'onSaved'> {
  title: string;
  /** The drawer's width, e.g. "min(640px, 100vw)". */
  size: string;
  initialValues: V;
  /** Cancel, and after a save. */
  onClose: () => void;
  /** Read-only facts above the form. */
  header?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * Creates or edits one thing in a drawer: Cancel and Save at the top, the server's refusal above the
 * fields, and on success a message and the drawer closes.
 */
export function FormDrawer<V extends Store>({
  title,
  size,
  initialValues,
  onClose,
  header,
  children,
  ...saving
}: FormDrawerProps<V>) {
  const { form, error, isSaving, save } = useSaveForm<V>({ ...saving, onSaved: onClose });
  return (
    <Drawer
      open
      title={title}
      size={size}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{STRINGS.common.cancel}</Button>
          <Button type="primary" loading={isSaving} onClick={() => form.submit()}>
            {STRINGS.common.save}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {header}
        {error && <Alert type="error" showIcon title={error} />}
        <Form form={form} layout="vertical" initialValues={initialValues} onFinish={save} requiredMark={false}>
          {children}
        </Form>
      </Flex>
    </Drawer>
  );
}
