import type { FormInstance } from 'antd';
import { isApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `data.fields`) on the form fields they name.
 * Returns the message to show above the form for anything that is not about one of its fields.
 */
export function applyServerErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  // Nested fields arrive dotted ("periods.0.minStake"); the form names them by path.
  const known = Object.entries(error.fields).filter(([name]) => fieldNames.includes(name.split('.')[0]!));
  form.setFields(known.map(([name, text]) => ({ name: toFieldPath(name), errors: [text] })));
  const hasOtherFields = Object.keys(error.fields).length > known.length;
  return known.length > 0 && !hasOtherFields ? null : error.message;
}

function toFieldPath(name: string): (string | number)[] {
  return name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
