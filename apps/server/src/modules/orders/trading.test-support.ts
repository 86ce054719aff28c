import { adminWithRole } from '../../test/admins.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestMarket, type TestMarket } from '../markets/markets.test-support.js';
import { SettlementWorker } from './settlement-worker.js';

/**
 * The set-up of the order tests: a test app, a market stepped by the test (no real ticker), and a
 * finance operator's token to fund traders with (`fundedTrader`). Apart from the benchmarks' helpers
 * in orders.test-support.ts because the stepped market needs vitest.
 */
export interface TradingTestApp {
  t: TestApp;
  market: TestMarket;
  finance: string;
  close(): Promise<void>;
}

export async function openTradingTestApp(name: string): Promise<TradingTestApp> {
  const t = await createTestApp();
  try {
    const market = await startTestMarket(t.database, name, t.app.events);
    const finance = (await adminWithRole(t, 'finance')).token;
    return {
      t,
      market,
      finance,
      close: async () => {
        await market.stop();
        await t.close();
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

const quiet = { info: () => {}, error: () => {} };

/** One settlement pass as the app's worker runs it (settled orders told on the app's events); answers how many it settled. */
export function settlementPass(t: TestApp): Promise<number> {
  return new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();
}
