import type { BaseLogger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainEvents } from './domain-events.js';
import { FlexibleAccrualWorker } from './modules/earn/flexible-accrual.js';
import { WealthAccrualWorker } from './modules/earn/wealth-accrual.js';
import { loadLiabilityMaster } from './modules/fair-liabilities/liability-secret.js';
import { LiabilityWorker } from './modules/fair-liabilities/liability-worker.js';
import { MarketEngine } from './modules/markets/engine.js';
import { TradeStreamSource } from './modules/markets/trade-stream-source.js';
import { SettlementWorker } from './modules/orders/settlement-worker.js';

/** The app's logger or a worker's pino logger: both have these. */
type JobLog = Pick<BaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

/**
 * The work no request asks for (ROLE=all and worker): the price engine (one leader at a time across
 * processes), settlement, the daily and flexible accruals, and the daily proof of liabilities. They tell what they did through the
 * process's events (ticks, settled orders); `startLivePushes` carries that to the sockets.
 */
export class BackgroundJobs {
  private readonly engine: MarketEngine;
  private readonly settlement: SettlementWorker;
  private readonly wealthAccrual: WealthAccrualWorker;
  private readonly flexibleAccrual: FlexibleAccrualWorker;
  private readonly liabilities: LiabilityWorker;

  constructor(config: Config, database: Database, events: DomainEvents, log: JobLog) {
    const stream = config.marketStream;
    this.engine = new MarketEngine(database, config.marketSeed, log, {
      events,
      stream: stream
        ? { config: stream, source: new TradeStreamSource({ url: stream.url, symbols: stream.symbols, log }) }
        : undefined,
    });
    this.settlement = new SettlementWorker(database.db, log, { events });
    this.wealthAccrual = new WealthAccrualWorker(database.db, config.platformTimeZone, log);
    this.flexibleAccrual = new FlexibleAccrualWorker(database.db, config.platformTimeZone, log);
    this.liabilities = new LiabilityWorker(
      database.db,
      { everySeconds: config.fairLiabilities.everySeconds, timeZone: config.platformTimeZone },
      () => loadLiabilityMaster({ dataDir: config.dataDir, secretHex: config.fairLiabilities.secretHex }),
      log,
    );
  }

  async start(): Promise<void> {
    await this.engine.start();
    this.settlement.start();
    this.wealthAccrual.start();
    this.flexibleAccrual.start();
    this.liabilities.start();
  }

  async stop(): Promise<void> {
    await this.settlement.stop();
    await this.wealthAccrual.stop();
    await this.flexibleAccrual.stop();
    await this.liabilities.stop();
    await this.engine.stop();
  }
}
