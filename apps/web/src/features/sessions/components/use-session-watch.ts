import { getUserDetails } from '../../../lib/api/get-user-details';
import { useAccountEvents } from '../../../lib/realtime';
import { isLeavingSession, useIsSignedIn } from '../../../lib/session';

/**
 * One of the user's sessions was ended (here or on another device): this tab asks whether its own
 * still works. If it was this one, the answer is a 401, and the API client sends the user to /login.
 */
export function useSessionWatch(): void {
  const isSignedIn = useIsSignedIn();
  useAccountEvents((event) => {
    // Our own logout ends the session too: its flow leaves the screen itself.
    if (event.type !== 'session_ended' || isLeavingSession()) return;
    getUserDetails().catch(() => {
      // A 401 is handled by the client (to /login); any other failure leaves the screen as it is.
    });
  }, isSignedIn);
}
