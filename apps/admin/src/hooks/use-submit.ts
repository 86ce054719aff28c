import { useState } from 'react';

/**
 * Runs a dialog's action once at a time: `isSubmitting` while it runs, and on failure `error` holds what
 * to show (by default the error's message) so the dialog can stay open and say why.
 */
export function useSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const run = async (action: () => Promise<unknown>, explain: (error: unknown) => string | null = errorText) => {
    setError(null);
    setIsSubmitting(true);
    try {
      await action();
    } catch (caught) {
      setError(explain(caught));
    } finally {
      setIsSubmitting(false);
    }
  };

  return { error, setError, isSubmitting, run };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
