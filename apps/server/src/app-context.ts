import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { SettingsService } from './modules/settings/settings.service.js';

/** What every module's routes are given: the database, the configuration and the platform settings. */
export interface AppContext {
  config: Config;
  database: Database;
  settings: SettingsService;
}
