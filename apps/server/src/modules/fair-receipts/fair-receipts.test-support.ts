import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, type TestApp } from '../../test/test-app.js';
import { CHECKPOINT_DELAY_MS } from '../fair/checkpoint-worker.js';
import { CHECKPOINT_EVERY_MS, makeCheckpoint, registerSigningKey } from '../fair/fair.service.js';
import { loadSigningKey, type SigningKey } from '../fair/fair-key.js';
import { MarketEngine } from '../markets/engine.js';
import { backfillHistory, seedProducts } from '../markets/markets.service.js';
import { startTestMarket, TestMarket, useTestClock } from '../markets/markets.test-support.js';
import {
  LIVE_SOURCE,
  type MarketStreamConfig,
  type PriceSource,
  type TickPrice,
  type TickRequest,
} from '../markets/price-source.js';
import { fundedTrader } from '../orders/orders.test-support.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { coveredUntilMs } from './fair-receipts.service.js';

/**
 * Receipts in tests: a market on the test's clock (its engine runs the committed paths in 60 s
 * epochs), the platform's signing key, funded traders, orders placed through the API and settled by
 * the settlement worker, checkpoints made as the checkpoint worker makes them, and the verifier
 * script run as a user runs it.
 */
export const VERIFY_SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../tools/verify/verify.mjs',
);
export const FIXTURES_DIR = path.resolve(path.dirname(VERIFY_SCRIPT), 'fixtures');

const quiet = { info: () => {}, error: () => {} };
/** The test market's epochs (the engine's default without a configured length). */
export const TEST_EPOCH_MS = 60_000;

/** When the engine has revealed the seed of the epoch containing `ms`: its first step in the next epoch. */
export function seedRevealedAt(ms: number): number {
  return Math.floor(ms / TEST_EPOCH_MS) * TEST_EPOCH_MS + TEST_EPOCH_MS + 1_000;
}

export class ReceiptBench {
  private constructor(
    readonly t: TestApp,
    readonly market: TestMarket,
    readonly key: SigningKey,
    private readonly finance: string,
    private readonly dir: string,
  ) {}

  /**
   * `stream`: the products a (fake) exchange trade stream feeds, as the app was configured with
   * (`config.marketStream`); every other product stays simulated.
   */
  static async start(t: TestApp, seed: string, stream?: MarketStreamConfig): Promise<ReceiptBench> {
    const market = stream
      ? await streamedMarket(t, seed, stream)
      : await startTestMarket(t.database, seed, t.app.events);
    const dir = mkdtempSync(path.join(tmpdir(), 'vela-receipts-'));
    const key = loadSigningKey({ dataDir: dir }).key;
    expect(await registerSigningKey(t.database.db, key)).toBe(true);
    const finance = (await adminWithRole(t, 'finance')).token;
    // A few seconds of chain before anything is placed.
    await market.advanceBy(3_000);
    return new ReceiptBench(t, market, key, finance, dir);
  }

  trader() {
    return fundedTrader(this.t, this.finance);
  }

  async place(token: string, body: { direction: 'up' | 'down'; amount?: string; period?: number; symbol?: string }) {
    const created = await call(
      this.t.app,
      'POST',
      '/api/order/create',
      { symbol: 'BTCUSDT', amount: '20', period: 2, ...body },
      { token, lang: 'en' },
    );
    expect(created.code, created.msg).toBe(0);
    return created.data as { id: string; createdAt: string; endTime: string };
  }

  /** Moves the clock past the order's end and settles it as the worker does. */
  async settle(orderId: string): Promise<void> {
    await this.market.passEndOf(orderId);
    await new SettlementWorker(this.t.database.db, quiet, { events: this.t.app.events }).runOnce();
  }

  /**
   * Moves the clock to when the order's receipt can be complete: past the first checkpoint minute
   * at or after its window (made here, as the worker makes it 5 s after the minute) and into the
   * epoch after (the engine reveals the seed at its first step there).
   */
  async completeReceipt(order: { createdAt: string; endTime: string }): Promise<void> {
    const covered = coveredUntilMs(Date.parse(order.createdAt), Date.parse(order.endTime));
    const minute = Math.ceil(covered / CHECKPOINT_EVERY_MS) * CHECKPOINT_EVERY_MS;
    await this.market.advanceTo(Math.max(minute + CHECKPOINT_DELAY_MS, seedRevealedAt(covered)));
    await makeCheckpoint(this.t.database.db, this.key, minute);
  }

  receipt(orderId: string, token: string | undefined, lang = 'en') {
    return call(this.t.app, 'GET', `/api/fair/receipt?order=${encodeURIComponent(orderId)}`, undefined, {
      token,
      lang,
    });
  }

  /** Runs tools/verify/verify.mjs on `document` saved as a file. */
  verify(document: unknown) {
    return runVerifier(document, this.dir);
  }
}

/** Trades of a stand-in exchange: a price step of ±1 unit (or none) and a new trade id every tick. */
export class FakeTrades implements PriceSource {
  readonly name = LIVE_SOURCE;
  private trade = 5_000;

  priceAt(request: TickRequest): TickPrice {
    this.trade += 1;
    const unit = 10n ** BigInt(8 - request.precision);
    const move = BigInt((this.trade % 3) - 1) * unit;
    return { price: request.previous + move, volume: 1n, tradeId: String(this.trade) };
  }
}

/** A test market whose `stream.symbols` take their prices from FakeTrades, recording each order's entry. */
async function streamedMarket(t: TestApp, seed: string, stream: MarketStreamConfig): Promise<TestMarket> {
  useTestClock();
  await seedProducts(t.database.db);
  await backfillHistory(t.database.db, seed, Math.floor(Date.now() / 1000), null, 5);
  const engine = new MarketEngine(t.database, seed, quiet, {
    events: t.app.events,
    stream: { config: stream, source: new FakeTrades() },
  });
  await engine.start();
  await engine.stop();
  const market = new TestMarket(t.database, engine, { events: t.app.events });
  await market.tickNow();
  market.recordEntries();
  return market;
}

let fileNumber = 0;
export function runVerifier(document: unknown, dir = mkdtempSync(path.join(tmpdir(), 'vela-verify-'))) {
  const file = path.join(dir, `receipt-${++fileNumber}.json`);
  writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document, null, 2));
  const run = spawnSync(process.execPath, [VERIFY_SCRIPT, file], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}
