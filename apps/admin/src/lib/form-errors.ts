import type { FormInstance } from 'antd';
import { isApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `data.fields`) on the form fields they name.
 * Returns the message to show above the form for anything that is not about one of its fields.
 */
export function applyServerErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const known = Object.entries(error.fields).filter(([name]) => fieldNames.includes(name));
  form.setFields(known.map(([name, text]) => ({ name, errors: [text] })));
  const hasOtherFields = Object.keys(error.fields).length > known.length;
  return known.length > 0 && !hasOtherFields ? null : error.message;
}
