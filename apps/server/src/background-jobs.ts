import path from 'node:path';
import type { BaseLogger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainEvents } from './domain-events.js';
import { FlexibleAccrualWorker } from './modules/earn/flexible-accrual.js';
import { WealthAccrualWorker } from './modules/earn/wealth-accrual.js';
import { CheckpointWorker } from './modules/fair/checkpoint-worker.js';
import { loadSigningKey, SIGNING_KEY_FILE } from './modules/fair/fair-key.js';
import { loadSeedSecret } from './modules/fair-epochs/epoch-secret.js';
import { loadLiabilityMaster } from './modules/fair-liabilities/liability-secret.js';
import { LiabilityWorker } from './modules/fair-liabilities/liability-worker.js';
import { MarketEngine } from './modules/markets/engine.js';
import { TradeStreamSource } from './modules/markets/trade-stream-source.js';
import { SettlementWorker } from './modules/orders/settlement-worker.js';
import { PriceAlertEvaluator } from './modules/price-alerts/alert-evaluator.js';
import { LoginHistoryPruner } from './modules/users/login-history-pruner.js';

/** The app's logger or a worker's pino logger: both have these. */
type JobLog = Pick<BaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

/**
 * The work no request asks for (ROLE=all and worker): the price engine (one leader at a time across
 * processes), settlement, the daily and flexible accruals, the signed fairness checkpoints and the daily proof of
 * liabilities. They tell what they did through the
 * process's events (ticks, settled orders); `startLivePushes` carries that to the sockets.
 */
export class BackgroundJobs {
  private readonly engine: MarketEngine;
  private readonly settlement: SettlementWorker;
  private readonly wealthAccrual: WealthAccrualWorker;
  private readonly flexibleAccrual: FlexibleAccrualWorker;
  private checkpoints: CheckpointWorker | null = null;
  private readonly liabilities: LiabilityWorker;
  private readonly loginHistory: LoginHistoryPruner;
  private readonly priceAlerts: PriceAlertEvaluator;

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    events: DomainEvents,
    private readonly log: JobLog,
  ) {
    const stream = config.marketStream;
    // The seed secret of the committed prices: FAIR_SEED_SECRET, else DATA_DIR's file (made on first start).
    const seeds = loadSeedSecret({ dataDir: config.dataDir, fromEnv: config.fairSeedSecret });
    if (seeds.created) log.info(`fair epochs: created the seed secret ${seeds.file}`);
    this.engine = new MarketEngine(database, config.marketSeed, log, {
      events,
      fair: { secret: seeds.secret, epochSeconds: config.fairEpochSeconds },
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
    this.loginHistory = new LoginHistoryPruner(database.db, log);
    this.priceAlerts = new PriceAlertEvaluator(database.db, log, { events });
  }

  async start(): Promise<void> {
    await this.engine.start();
    this.settlement.start();
    this.wealthAccrual.start();
    this.flexibleAccrual.start();
    await this.startCheckpoints();
    this.liabilities.start();
    this.loginHistory.start();
    this.priceAlerts.start();
  }

  /** The signing key (FAIR_SIGNING_KEY, else DATA_DIR's key file, created on first start) signs the checkpoints. */
  private async startCheckpoints(): Promise<void> {
    const { key, created } = this.config.fairSigningKey
      ? { key: this.config.fairSigningKey, created: false }
      : loadSigningKey({ dataDir: this.config.dataDir });
    if (created)
      this.log.info(`fair checkpoints: created the signing key ${path.join(this.config.dataDir, SIGNING_KEY_FILE)}`);
    this.checkpoints = new CheckpointWorker(this.database.db, key, this.log);
    await this.checkpoints.start();
  }

  async stop(): Promise<void> {
    await this.checkpoints?.stop();
    await this.settlement.stop();
    await this.wealthAccrual.stop();
    await this.flexibleAccrual.stop();
    await this.liabilities.stop();
    await this.loginHistory.stop();
    await this.priceAlerts.stop();
    await this.engine.stop();
  }
}
