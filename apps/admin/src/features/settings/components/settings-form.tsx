import { Alert, Button, Flex, Form, Typography } from 'antd';
import type { Store } from 'antd/es/form/interface';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/action-modal';
import { STRINGS } from '../../../config/strings';
import { type SaveFormOptions, useSaveForm } from '../../../hooks/use-save-form';

interface SettingsFormProps<V> extends Pick<SaveFormOptions<V>, 'fields' | 'onSave'> {
  initialValues: V;
  /** Others see the settings read-only, without the button. */
  canEdit: boolean;
  /** The button's text, and the name of the question before saving. */
  saveText: string;
  /** Asked before saving; without it the button saves at once. */
  confirmText?: string;
  /** Above the messages, e.g. what these settings do. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * One part of the platform settings, saved by the role that owns it. The question before saving and
 * the "Saved" note live in a bar after the last field, in the form's own flow: nothing floats over a
 * field (a popover above the button used to hide the bank account's number).
 */
export function SettingsForm<V extends Store>({
  initialValues,
  canEdit,
  saveText,
  confirmText,
  intro,
  children,
  ...saving
}: SettingsFormProps<V>) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaved, setIsSaved] = useState(false);
  const { form, error, isSaving, save } = useSaveForm<V>({
    ...saving,
    onSaved: () => {
      setIsConfirming(false);
      setIsSaved(true);
    },
    // The server's messages go under their fields: the question closes so the operator fixes them first.
    onRefused: () => setIsConfirming(false),
  });

  /** Asks only about values that pass the form's own checks. */
  const ask = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setIsSaved(false);
    setIsConfirming(true);
  };

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
        onValuesChange={() => setIsSaved(false)}
        requiredMark={false}
      >
        {children}
        {canEdit && (
          <div style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 16, marginTop: 8 }}>
            {isConfirming && confirmText ? (
              <Flex role="group" aria-label={saveText} vertical gap={12}>
                <Typography.Text strong>{confirmText}</Typography.Text>
                <Flex gap={8}>
                  <Button type="primary" htmlType="submit" loading={isSaving}>
                    {STRINGS.common.save}
                  </Button>
                  <Button onClick={() => setIsConfirming(false)} disabled={isSaving}>
                    {STRINGS.common.cancel}
                  </Button>
                </Flex>
              </Flex>
            ) : (
              <Flex gap={12} align="center">
                <Button
                  type="primary"
                  htmlType={confirmText ? 'button' : 'submit'}
                  onClick={confirmText ? ask : undefined}
                  loading={isSaving}
                >
                  {saveText}
                </Button>
                <Typography.Text type="success" role="status">
                  {isSaved ? STRINGS.common.saved : ''}
                </Typography.Text>
              </Flex>
            )}
          </div>
        )}
      </Form>
    </>
  );
}
