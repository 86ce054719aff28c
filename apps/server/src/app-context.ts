import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainEvents } from './domain-events.js';
import type { RealtimePublisher } from './modules/realtime/realtime.publish.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { TwoFactorGate } from './modules/two-factor/two-factor-gate.js';
import type { SessionTimeLimit } from './modules/users/session-time-limit.js';

/** What every module's routes are given: the database, the configuration, the platform settings, the app's events and its live pushes. */
export interface AppContext {
  config: Config;
  database: Database;
  settings: SettingsService;
  /** After-commit events of this app (domain-events.ts). */
  events: DomainEvents;
  /** Live pushes to sockets in every process (realtime.publish.ts), opened and closed by the app. */
  realtime: RealtimePublisher;
  /** The user's second factor: the login's second step and the check before money moves (issue 14). */
  twoFactor: TwoFactorGate;
  /** The user's own session time limit, asked by every signed-in request and socket (issue 14). */
  sessionTimeLimit: SessionTimeLimit;
}
