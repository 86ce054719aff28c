import { fairReceiptSchema } from '@app/contract/fair-receipt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import { ReceiptBench } from './fair-receipts.test-support.js';

/**
 * The receipt of an order on a product fed by an exchange's trade stream (issue 13 sections 2.7 and
 * 3): no seeds and no path, the source named, and every tick with the exchange's trade id; the
 * verifier checks its chain, checkpoint and rule all the same.
 */
const stream: MarketStreamConfig = { url: 'ws://127.0.0.1:9/stream', symbols: ['ETHUSDT'] };
let t: TestApp;
let bench: ReceiptBench;

beforeAll(async () => {
  t = await createTestApp({
    configure: (c) => {
      c.marketStream = stream;
    },
  });
  bench = await ReceiptBench.start(t, 'fair-receipts-streamed', stream);
}, 120_000);
afterAll(async () => {
  await bench?.market.stop();
  await t?.close();
});

test('a streamed product: trade ids on every tick, no epochs, and the script accepts it', async () => {
  const owner = await bench.trader();
  const placed = await bench.place(owner.token, { symbol: 'ETHUSDT', direction: 'up', period: 30 });
  await bench.settle(placed.id);
  await bench.completeReceipt(placed);
  const r = await bench.receipt(placed.id, owner.token);
  expect(r.status).toBe(200);
  const receipt = fairReceiptSchema.parse(r.data);
  expect(receipt.verifiable).toBe(true);
  expect(receipt.model).toEqual({ source: 'live', paths: [] });
  expect(receipt.epochs).toEqual([]);
  const ids = receipt.ticks.map((tick) => Number(tick.tradeId));
  expect(ids.every((id) => Number.isInteger(id) && id > 5_000)).toBe(true);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));

  const run = bench.verify(receipt);
  expect(run.status, run.out).toBe(0);
  expect(run.out).toContain('All 13 checks passed.');
  expect(run.out).toContain('live: prices from the exchange, no seeds');
  expect(run.out).toContain(`the rule gives ${receipt.order.status}`);
});
