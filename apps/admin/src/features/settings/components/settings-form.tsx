import { Alert, Button, Form, Popconfirm } from 'antd';
import type { Store } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/action-modal';
import { STRINGS } from '../../../config/strings';
import { type SaveFormOptions, useSaveForm } from '../../../hooks/use-save-form';

interface SettingsFormProps<V> extends Pick<SaveFormOptions<V>, 'fields' | 'onSave'> {
  initialValues: V;
  /** Others see the settings read-only, without the button. */
  canEdit: boolean;
  /** The button's text, and the title of the question before saving. */
  saveText: string;
  /** Asked before saving; without it the button saves at once. */
  confirmText?: string;
  /** Above the messages, e.g. what these settings do. */
  intro?: ReactNode;
  children: ReactNode;
}

/** One part of the platform settings, saved by the role that owns it. */
export function SettingsForm<V extends Store>({
  initialValues,
  canEdit,
  saveText,
  confirmText,
  intro,
  children,
  ...saving
}: SettingsFormProps<V>) {
  const { form, error, isSaving, save } = useSaveForm<V>({ ...saving, savedText: STRINGS.common.saved });
  const button = (
    <Button type="primary" htmlType={confirmText ? undefined : 'submit'} loading={isSaving}>
      {saveText}
    </Button>
  );
  return (
    <>
      {intro}
      {!canEdit && <Alert type="info" showIcon title={STRINGS.settings.readOnly} style={{ marginBottom: 16 }} />}
      <FormError message={error} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={!canEdit}
        onFinish={save}
        requiredMark={false}
      >
        {children}
        {canEdit &&
          (confirmText ? (
            <Popconfirm
              title={saveText}
              description={confirmText}
              okText={STRINGS.common.save}
              cancelText={STRINGS.common.cancel}
              onConfirm={() => form.submit()}
            >
              {button}
            </Popconfirm>
          ) : (
            button
          ))}
      </Form>
    </>
  );
}
