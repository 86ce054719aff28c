import { App, Form } from 'antd';
import { applyServerErrors } from '../lib/form-errors';
import { useSubmit } from './use-submit';

export interface SaveFormOptions<V> {
  /** The form's fields: the server's messages about them go under them, any other above the form. */
  fields: readonly string[];
  /** Sends the values; resolves once the server has saved them. */
  onSave: (values: V) => Promise<unknown>;
  /** The message after a save; without it the caller says so itself (e.g. next to its button). */
  savedText?: string;
  /** After the message, e.g. closing the drawer. */
  onSaved?: () => void;
  /** After a refused save, e.g. to show the tab that the server's message is on. */
  onRefused?: (error: unknown) => void;
}

/**
 * An antd form that saves to the server: `save` is its `onFinish`, `isSaving` spins its button, and a
 * refusal puts the server's field messages on the fields and the rest in `error`, shown above the form.
 */
export function useSaveForm<V>({ fields, onSave, savedText, onSaved, onRefused }: SaveFormOptions<V>) {
  const [form] = Form.useForm<V>();
  const { message } = App.useApp();
  const { error, isSubmitting, run } = useSubmit();
  const save = (values: V) =>
    run(
      async () => {
        await onSave(values);
        if (savedText) message.success(savedText);
        onSaved?.();
      },
      (refusal) => {
        onRefused?.(refusal);
        return applyServerErrors(form, refusal, fields);
      },
    );
  return { form, error, isSaving: isSubmitting, save };
}
