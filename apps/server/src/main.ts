import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { BackgroundJobs } from './background-jobs.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { DomainEvents } from './domain-events.js';
import { startLivePushes } from './live-pushes.js';
import { asyncStdout, loggerOptions } from './logger.js';
import { ensureOwner } from './modules/admin-auth/admin-auth.service.js';
import { seedContent } from './modules/content/content-seed.js';
import { deliverNotices } from './modules/notifications/notifications.delivery.js';
import { RealtimePublisher } from './modules/realtime/realtime.publish.js';

/**
 * Starts a process: reads the config, opens the database, then by ROLE builds the app and listens
 * (api), also runs the background work (all), or runs only the background work without HTTP (worker).
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // A broken PostgreSQL connection (a restart, a failover) is reported once per outage; the app's
  // logger exists only once the app is built, so until then the report goes to stderr.
  let reportConnectionError = (error: Error): void => {
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  };
  const database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          onConnectionError: (error) => reportConnectionError(error),
        }
      : { dataDir: path.join(config.dataDir, 'db') },
  );
  const owner = await ensureOwner(database.db, { username: config.adminUsername, password: config.adminPassword });
  if (owner?.generatedPassword) {
    // Printed once, on purpose outside the logger: the only way the operator learns it.
    process.stdout.write(
      `\n  Back-office owner created: username "${owner.username}", password "${owner.generatedPassword}"\n  Change it after the first login. It will not be shown again.\n\n`,
    );
  }

  await seedContent(database.db);

  // One set of events for the process: ticks wake waiting orders and the settlement worker, and
  // settled orders reach the sockets.
  const events = new DomainEvents();
  if (config.role === 'worker') {
    await runWorker(config, database, events);
    return;
  }
  const repoRoot = findRepoRoot();
  const app = await buildApp({
    config,
    database,
    events,
    staticRoots: { web: path.join(repoRoot, 'apps/web/dist'), admin: path.join(repoRoot, 'apps/admin/dist') },
  });
  reportConnectionError = (error) =>
    app.log.warn({ err: error }, 'PostgreSQL connection lost; requests fail until it answers again');

  // ROLE=all also runs the background work; the app pushes what it tells to the sockets.
  const jobs = config.role === 'all' ? new BackgroundJobs(config, database, events, app.log) : null;
  await jobs?.start();
  onShutdown(app.log, async () => {
    await jobs?.stop();
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // One plain line for whoever ran `npm start` (the JSON log names the first address of 0.0.0.0).
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const origin = `http://${host}:${port}`;
  process.stdout.write(`\n  Vela is running: the app at ${origin}, the back office at ${origin}/admin\n\n`);

  /**
   * ROLE=worker: the background work without any HTTP (no routes, no listener). Its ticks and
   * settled orders reach the API processes' sockets through the bus (publish only).
   */
  async function runWorker(config: Config, database: Database, events: DomainEvents): Promise<void> {
    const log = pino({ ...loggerOptions(config.logLevel) }, asyncStdout());
    reportConnectionError = (error) =>
      log.warn({ err: error }, 'PostgreSQL connection lost; background work waits until it answers again');
    const realtime = await RealtimePublisher.open(
      { redisUrl: config.redisUrl ?? null, pool: database.pool ?? null },
      database.db,
      log,
      { receives: false },
    );
    const stopLivePushes = startLivePushes({ db: database.db, events, realtime, config, log });
    // Notices the background work tells (price alerts) are stored and pushed from here too.
    const stopNotices = deliverNotices({ database, events, realtime }, log);
    const jobs = new BackgroundJobs(config, database, events, log);
    await jobs.start();
    onShutdown(log, async () => {
      await jobs.stop();
      await stopNotices();
      stopLivePushes();
      await realtime.close();
      await database.close();
    });
    log.info('worker role: background jobs only, no HTTP');
  }
}

/** Stops cleanly on SIGTERM and SIGINT (at most 10 s, then exits anyway). */
function onShutdown(log: { info(obj: unknown, msg: string): void }, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** The repository root, found from this file in source (src/) and in the bundle (dist/). */
function findRepoRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
