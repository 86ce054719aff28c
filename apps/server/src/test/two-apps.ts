import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * Two apps on one new PostgreSQL database, each with its own pool, as two API processes would be
 * (what one publishes on the bus reaches the other through LISTEN/NOTIFY).
 */
export interface TwoApps {
  /** The connection string of the shared database. */
  url: string;
  databases: [Database, Database];
  apps: [FastifyInstance, FastifyInstance];
  /** Closes both apps and pools, then drops the database. */
  close(): Promise<void>;
}

export async function openTwoApps(prefix: string): Promise<TwoApps> {
  const scratch = await createScratchDatabase(prefix);
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch.drop();
  };
  try {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: scratch.url, poolSize: 5 });
      databases.push(database);
      const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: scratch.url });
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      apps.push(app);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url: scratch.url, databases: databases as TwoApps['databases'], apps: apps as TwoApps['apps'], close };
}
