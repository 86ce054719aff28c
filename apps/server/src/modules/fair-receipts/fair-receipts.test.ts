import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FairReceipt, fairReceiptSchema } from '@app/contract/fair-receipt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { CHECKPOINT_DELAY_MS } from '../fair/checkpoint-worker.js';
import { tickChain } from '../fair/fair.service.js';
import { coveredUntilMs } from './fair-receipts.service.js';
import { FIXTURES_DIR, ReceiptBench, seedRevealedAt } from './fair-receipts.test-support.js';

/**
 * GET /api/fair/receipt (issue 13 section 3) on PGlite (and on PostgreSQL in server-pg): the owner
 * gets a receipt that tools/verify/verify.mjs accepts, run as a separate program on the JSON;
 * nobody else gets one; an order still open, or not yet covered by a checkpoint, says when it will
 * be verifiable. `WRITE_RECEIPT_FIXTURES=1` also saves the genuine receipts to tools/verify/fixtures
 * (the verifier's own tests and the web app's verifier check those).
 */
let t: TestApp;
let bench: ReceiptBench;

beforeAll(async () => {
  t = await createTestApp();
  bench = await ReceiptBench.start(t, 'fair-receipts-test');
}, 120_000);
afterAll(async () => {
  await bench?.market.stop();
  await t?.close();
});

function saveFixture(name: string, receipt: FairReceipt) {
  if (process.env.WRITE_RECEIPT_FIXTURES !== '1') return;
  writeFileSync(path.join(FIXTURES_DIR, name), `${JSON.stringify(receipt, null, 2)}\n`);
}

describe('a settled order', () => {
  let owner: Awaited<ReturnType<ReceiptBench['trader']>>;
  let placed: Awaited<ReturnType<ReceiptBench['place']>>;

  beforeAll(async () => {
    owner = await bench.trader();
    placed = await bench.place(owner.token, { direction: 'up' });
    await bench.settle(placed.id);
  });

  test('before its checkpoint: settled, not yet verifiable, with the time it will be', async () => {
    const r = await bench.receipt(placed.id, owner.token);
    expect(r.status).toBe(200);
    const receipt = fairReceiptSchema.parse(r.data);
    expect(receipt.order.status).not.toBe('open');
    expect(receipt.checkpoint).toBeNull();
    expect(receipt.verifiable).toBe(false);
    // The checkpoint of the first minute at or after the window (the end, or acceptance + 5 s for
    // this 2 s order: the entry may come that late), made 5 s after that minute, and the seed of the
    // epoch the window ends in (60 s epochs), revealed a second into the next. (Using the end alone
    // failed whenever acceptance + 5 s crossed a minute that the end did not.)
    const coveredMs = coveredUntilMs(Date.parse(placed.createdAt), Date.parse(placed.endTime));
    const minute = Math.ceil(coveredMs / 60_000) * 60_000;
    expect(receipt.verifiableAtMs).toBe(Math.max(minute + CHECKPOINT_DELAY_MS, seedRevealedAt(coveredMs)));
    // What is recorded so far is there: from the last tick at or before acceptance.
    expect(receipt.ticks[0]!.timeMs).toBeLessThanOrEqual(Date.parse(placed.createdAt));
    const run = bench.verify(receipt);
    expect(run.status).toBe(1);
    expect(run.out).toContain('✗ The order is settled and the receipt complete: no checkpoint covers the order yet');
  });

  test('the owner gets a genuine receipt that the verifier script accepts', async () => {
    await bench.completeReceipt(placed);
    const r = await bench.receipt(placed.id, owner.token);
    expect(r.status).toBe(200);
    expect(r.code).toBe(0);
    const receipt = fairReceiptSchema.parse(r.data);
    expect(receipt.verifiable).toBe(true);
    expect(receipt.verifiableAtMs).toBeNull();

    // The terms are the order's, as order/detail shows them.
    const detail = (await call(t.app, 'POST', '/api/order/detail', { id: placed.id }, { token: owner.token })).data;
    expect(receipt.order).toMatchObject({
      id: placed.id,
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '20',
      fee: detail.fee,
      payoutRate: detail.payoutRate,
      acceptedAtMs: Date.parse(detail.createdAt),
      endTimeMs: Date.parse(detail.endTime),
      status: detail.status,
      payout: detail.payout,
    });
    expect(receipt.order.entry!.timeMs).toBe(Date.parse(detail.entry.time));
    expect(receipt.order.exit!.timeMs).toBe(Date.parse(detail.exit.time));

    // Every recorded tick from the last at or before acceptance through the checkpoint's head: the
    // same as the public tick log.
    const checkpoint = receipt.checkpoint!;
    expect(checkpoint.timeMs).toBeGreaterThanOrEqual(receipt.order.endTimeMs);
    const head = checkpoint.heads.split(';').find((h) => h.startsWith('BTCUSDT|'))!;
    const last = receipt.ticks.at(-1)!;
    expect(head).toBe(`BTCUSDT|${last.timeMs}|${last.hash}`);
    expect(receipt.ticks[0]!.timeMs).toBeLessThanOrEqual(receipt.order.acceptedAtMs);
    expect(receipt.ticks[1]!.timeMs).toBeGreaterThan(receipt.order.acceptedAtMs);
    const published = await tickChain(t.database.db, 'BTCUSDT', receipt.ticks[0]!.timeMs, last.timeMs, 1000);
    expect(receipt.ticks).toEqual(published);
    // A tick each second, none left out.
    expect(receipt.ticks).toHaveLength((last.timeMs - receipt.ticks[0]!.timeMs) / 1000 + 1);

    // The key, and the epochs with their committed paths, as the public calls answer them.
    expect(receipt.publicKeyPem).toBe(bench.key.publicKeyPem);
    expect(receipt.model.source).toBe('simulated');
    const firstEpoch = receipt.epochs[0]!.startMs;
    const lastEpoch = receipt.epochs.at(-1)!.startMs;
    const epochs = (await call(t.app, 'GET', `/api/fair/epochs?from=${firstEpoch}&to=${lastEpoch}`)).data.list;
    expect(receipt.epochs).toEqual(epochs);
    const paths = (await call(t.app, 'GET', `/api/fair/paths?symbol=BTCUSDT&from=${firstEpoch}&to=${lastEpoch}`)).data
      .list;
    expect(receipt.model.paths).toEqual(paths);
    expect(receipt.epochs[0]!.seed).not.toBeNull();

    const run = bench.verify(receipt);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toContain('Checking an order receipt');
    expect(run.out.match(/✓/g)).toHaveLength(13);
    expect(run.out).toContain(`the rule gives ${receipt.order.status}`);
    expect(run.out).toContain('All 13 checks passed.');
    // The API's answer saved as it came, envelope and all.
    expect(bench.verify({ code: 0, msg: 'Success', data: receipt }).status).toBe(0);
    saveFixture(`receipt-${receipt.order.status}.json`, receipt);
  });

  test('another user, or an unknown order, gets the same 404', async () => {
    const other = await bench.trader();
    const theirs = await bench.receipt(placed.id, other.token);
    const unknown = await bench.receipt('999999999999', other.token);
    for (const answer of [theirs, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.code).toBe(4207);
      expect(answer.msg).toBe('Order not found');
    }
    expect(theirs.response.body).toBe(unknown.response.body);
  });

  test('a bad order number is a 400 naming the field, in the request language; no session is a 401', async () => {
    for (const [id, lang, message] of [
      ['abc', 'en', 'Not a valid order number'],
      ['0', 'vn', 'Mã lệnh không hợp lệ'],
      ['1.5', 'zn', '訂單編號無效'],
      ['', 'en', 'Please give the order number'],
    ] as const) {
      const r = await bench.receipt(id, owner.token, lang);
      expect(r.status, id).toBe(400);
      expect(r.code).toBe(1001);
      expect(r.data.fields.order).toBe(message);
    }
    const missing = await call(t.app, 'GET', '/api/fair/receipt', undefined, { token: owner.token });
    expect(missing.status).toBe(400);
    const anonymous = await bench.receipt(placed.id, undefined);
    expect(anonymous.status).toBe(401);
  });
});

test('an open order: not verifiable yet, with the time it will be', async () => {
  const owner = await bench.trader();
  const placed = await bench.place(owner.token, { direction: 'down', period: 30 });
  const r = await bench.receipt(placed.id, owner.token);
  expect(r.status).toBe(200);
  const receipt = fairReceiptSchema.parse(r.data);
  expect(receipt.order).toMatchObject({ status: 'open', payout: null, direction: 'down' });
  expect(receipt.verifiable).toBe(false);
  expect(receipt.checkpoint).toBeNull();
  // Settled at its end, covered by the next minute's checkpoint, the seed out when its epoch ends.
  const endMs = Date.parse(placed.endTime);
  const minute = Math.ceil(endMs / 60_000) * 60_000;
  expect(receipt.verifiableAtMs).toBeGreaterThanOrEqual(minute + CHECKPOINT_DELAY_MS);
  expect(receipt.verifiableAtMs).toBeLessThanOrEqual(minute + 60_000 + 1_000);
  // The epoch under way is listed with its commitment, never its seed.
  const current = receipt.epochs.find((e) => e.startMs <= Date.now() && Date.now() < e.startMs + 60_000)!;
  expect(current.commitment).toMatch(/^[0-9a-f]{64}$/);
  expect(current.seed).toBeNull();
  const run = bench.verify(receipt);
  expect(run.status).toBe(1);
  expect(run.out).toContain('✗ The order is settled and the receipt complete: the order is still open');
  await bench.settle(placed.id);
});

test('a void order (no tick within 5 s of acceptance) verifies as void: stake and fee back', async () => {
  const owner = await bench.trader();
  await bench.market.pauseEntries();
  // Answered at acceptance, waiting for its entry; none comes within 5 s, and the order is void.
  const created = await call(
    t.app,
    'POST',
    '/api/order/create',
    { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 30 },
    { token: owner.token, lang: 'en' },
  );
  expect(created.data).toMatchObject({ status: 'open', entry: null });
  await bench.market.skip(6_000);
  await waitUntil(
    async () =>
      (await call(t.app, 'POST', '/api/order/detail', { id: created.data.id }, { token: owner.token })).data.status ===
      'void',
    'the order is void',
  );
  await bench.market.nextTick();
  bench.market.recordEntries();
  const voided = await call(t.app, 'POST', '/api/order/detail', { id: created.data.id }, { token: owner.token });
  expect(voided.data).toMatchObject({ status: 'void', entry: null, payout: '101' });

  await bench.completeReceipt(created.data);
  const receipt = fairReceiptSchema.parse((await bench.receipt(created.data.id, owner.token)).data);
  expect(receipt.verifiable).toBe(true);
  expect(receipt.order).toMatchObject({ status: 'void', payout: '101', entry: null, exit: null });
  const run = bench.verify(receipt);
  expect(run.status, run.out).toBe(0);
  expect(run.out).toContain('the rule gives void');
  saveFixture('receipt-void.json', receipt);
});
