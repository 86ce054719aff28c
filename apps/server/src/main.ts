import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DomainEvents } from './domain-events.js';
import { ensureOwner } from './modules/admin-auth/admin-auth.service.js';
import { seedContent } from './modules/content/content-seed.js';
import { FlexibleAccrualWorker } from './modules/earn/flexible-accrual.js';
import { WealthAccrualWorker } from './modules/earn/wealth-accrual.js';
import { MarketEngine } from './modules/markets/engine.js';
import { TradeStreamSource } from './modules/markets/trade-stream-source.js';
import { SettlementWorker } from './modules/orders/settlement-worker.js';

/** `server.ts` listens: reads the config, opens the database, builds the app, and shuts down cleanly. */
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

  const repoRoot = findRepoRoot();
  // One set of events for the app and its workers: ticks wake waiting orders and the settlement
  // worker, and settled orders reach the sockets.
  const events = new DomainEvents();
  const app = await buildApp({
    config,
    database,
    events,
    staticRoots: { web: path.join(repoRoot, 'apps/web/dist'), admin: path.join(repoRoot, 'apps/admin/dist') },
  });
  reportConnectionError = (error) =>
    app.log.warn({ err: error }, 'PostgreSQL connection lost; requests fail until it answers again');

  // Background work: the price engine runs where ROLE is all or worker (one leader at a time).
  const stream = config.marketStream;
  const engine =
    config.role === 'api'
      ? null
      : new MarketEngine(database, config.marketSeed, app.log, {
          events,
          stream: stream
            ? {
                config: stream,
                source: new TradeStreamSource({ url: stream.url, symbols: stream.symbols, log: app.log }),
              }
            : undefined,
        });
  await engine?.start();
  const settlement = config.role === 'api' ? null : new SettlementWorker(database.db, app.log, { events });
  settlement?.start();
  const wealthAccrual =
    config.role === 'api' ? null : new WealthAccrualWorker(database.db, config.platformTimeZone, app.log);
  wealthAccrual?.start();
  const flexibleAccrual =
    config.role === 'api' ? null : new FlexibleAccrualWorker(database.db, config.platformTimeZone, app.log);
  flexibleAccrual?.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await settlement?.stop();
    await wealthAccrual?.stop();
    await flexibleAccrual?.stop();
    await engine?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.role === 'worker') {
    app.log.info('worker role: background jobs only, no HTTP listener');
    await app.ready();
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  // One plain line for whoever ran `npm start` (the JSON log names the first address of 0.0.0.0).
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const origin = `http://${host}:${port}`;
  process.stdout.write(`\n  Vela is running: the app at ${origin}, the back office at ${origin}/admin\n\n`);
}

/** The repository root, found from this file in source (src/) and in the bundle (dist/). */
function findRepoRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
