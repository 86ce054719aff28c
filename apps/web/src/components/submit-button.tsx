import type { ReactNode } from 'react';

/** The one primary action of a form: full width, 48 px tall, busy while the call runs. */
export function SubmitButton({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={isLoading} aria-busy={isLoading}>
      {isLoading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
