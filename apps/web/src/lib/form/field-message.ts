import { fieldMessage, isFieldMessageKey } from '@app/contract/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';
import { currentLang, useTranslation } from '../i18n';

/**
 * Contract schemas carry message keys ('username_invalid'); the server sends text already
 * localized. Keys become text in the current language, text passes through.
 */
export function translateFieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isFieldMessageKey(message) ? fieldMessage(message, currentLang()) : message;
}

export function useFieldMessage(): (message: string | undefined) => string | undefined {
  useTranslation(); // re-render on language change
  return translateFieldMessage;
}

/** Puts the server's field messages under the fields; false when there were none to place. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
