import { type FairReceipt, fairReceiptSchema } from '@app/contract/fair-receipt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ReceiptBench } from './fair-receipts.test-support.js';

/**
 * The twin of fair-receipts.test.ts on a real PostgreSQL (the pool, its own connections per query):
 * orders on two products of different precision (BTCUSDT 2 places, EURUSD 5), settled by the worker
 * and covered by a checkpoint, give receipts that tools/verify/verify.mjs accepts; many requests at
 * once answer the same receipt; another user gets 404.
 */
let t: TestApp;
let bench: ReceiptBench;

beforeAll(async () => {
  t = await createTestApp();
  bench = await ReceiptBench.start(t, 'fair-receipts-pg');
}, 120_000);
afterAll(async () => {
  await bench?.market.stop();
  await t?.close();
});

test('receipts of orders on two products verify with the script; concurrent requests agree', async () => {
  const alice = await bench.trader();
  const bob = await bench.trader();
  const btc = await bench.place(alice.token, { direction: 'down', period: 2 });
  const eur = await bench.place(bob.token, { direction: 'up', symbol: 'EURUSD', period: 30 });
  await bench.settle(btc.id);
  await bench.settle(eur.id);
  await bench.completeReceipt(eur);

  for (const [placed, owner, symbol] of [
    [btc, alice, 'BTCUSDT'],
    [eur, bob, 'EURUSD'],
  ] as const) {
    const answers = await Promise.all(Array.from({ length: 8 }, () => bench.receipt(placed.id, owner.token)));
    const receipts: FairReceipt[] = answers.map((a) => {
      expect(a.status).toBe(200);
      return fairReceiptSchema.parse(a.data);
    });
    for (const r of receipts) expect(r).toEqual(receipts[0]);
    const receipt = receipts[0]!;
    expect(receipt.order.symbol).toBe(symbol);
    expect(receipt.verifiable).toBe(true);
    expect(receipt.model.paths[0]!.pricePrecision).toBe(symbol === 'EURUSD' ? 5 : 2);
    const run = bench.verify(receipt);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toContain('All 13 checks passed.');
    expect(run.out).toContain(`the rule gives ${receipt.order.status}`);

    const other = owner === alice ? bob : alice;
    const theirs = await bench.receipt(placed.id, other.token);
    expect(theirs.status).toBe(404);
    expect(theirs.code).toBe(4207);
  }
});
