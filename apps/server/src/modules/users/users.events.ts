import type { DomainEvents } from '../../domain-events.js';
import { forgetProfileExtras, forgetUserSessions } from './session-cache.js';

/**
 * What this process cached about a user (session-cache.ts) is dropped when the app tells that it
 * changed: other modules announce the change (DomainEvents) and never reach into users' caches.
 */
export function forgetCachesOnChange(events: DomainEvents): void {
  events.on('accountChanged', ({ userId }) => forgetUserSessions(userId));
  events.on('sessionRevoked', ({ userId }) => forgetUserSessions(userId));
  events.on('balanceChanged', ({ userId }) => forgetProfileExtras(userId));
  // A settled order moved the user's balance (told by the settlement worker of this process).
  events.on('orderSettled', ({ row }) => forgetProfileExtras(row.userId));
}
