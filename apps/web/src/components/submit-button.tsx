import type { ReactNode } from 'react';

/**
 * The one primary action of a form: full width, 48 px tall, busy while the call runs. `isDisabled` holds
 * it while the form is not ready to send (a photo still processing).
 */
export function SubmitButton({
  isLoading,
  isDisabled = false,
  children,
}: {
  isLoading: boolean;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="btn btn--primary btn--block"
      disabled={isLoading || isDisabled}
      aria-busy={isLoading}
    >
      {isLoading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
