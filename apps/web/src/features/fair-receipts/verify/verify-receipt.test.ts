import type { FairReceipt } from '@app/contract/fair-receipt';
import { describe, expect, it } from 'vitest';
import { walkPath } from './committed-path';
import {
  makeReceipt,
  OTHER_KEY_PEM,
  PUBLIC_KEY_PEM,
  type ReceiptParts,
  simulatedParts,
  streamedParts,
  T0,
} from './receipt-fixture.test-support';
import { type ReceiptCheckName, verifyReceipt } from './verify-receipt';

/** name → passed, in the order the checks ran. */
async function statesOf(receipt: unknown, publishedKeyPem?: string) {
  const result = await verifyReceipt(receipt, publishedKeyPem);
  return Object.fromEntries(result.checks.map((check) => [check.name, check.isOk])) as Partial<
    Record<ReceiptCheckName, boolean>
  >;
}

const failedOf = async (receipt: unknown) =>
  (await verifyReceipt(receipt)).checks.filter((check) => !check.isOk).map((check) => check.name);

describe('a genuine receipt of a streamed product', () => {
  it('passes every check, and the outcome is re-derived from the ticks', async () => {
    const receipt = makeReceipt(streamedParts());
    const result = await verifyReceipt(receipt, PUBLIC_KEY_PEM);
    expect(result.kind).toBe('streamed');
    expect(result.checks.map((c) => [c.name, c.isOk])).toEqual([
      ['shape', true],
      ['chain', true],
      ['checkpoint_head', true],
      ['checkpoint_hash', true],
      ['signature', true],
      ['published_key', true],
      ['entry', true],
      ['exit', true],
      ['result', true],
      ['payout', true],
    ]);
    expect(result.outcome).toEqual({
      direction: 'up',
      status: 'won',
      voidAt: null,
      // First tick strictly after acceptance (T0 + 40.3 s), last at or before the end (T0 + 70.3 s).
      entry: { timeMs: T0 + 41_000, price: '87250.15' },
      exit: { timeMs: T0 + 70_000, price: '87250.44' },
      payout: '185',
    });
    expect(result.checks.find((c) => c.name === 'chain')?.reason).toEqual({ code: 'chain_ok', values: { count: 38 } });
  });

  it('also reads the API answer whole (the envelope around it)', async () => {
    const receipt = makeReceipt(streamedParts());
    expect(await failedOf({ code: 0, msg: 'Success', data: receipt })).toEqual([]);
  });

  const exitIndex = 32; // T0 + 70 s
  const cases: [string, (r: FairReceipt) => void, ReceiptCheckName][] = [
    [
      'a changed price (the exit tick, shown and hashed)',
      (r) => {
        r.ticks[exitIndex]!.price = '87249.00';
        r.ticks[exitIndex]!.priceE8 = '8724900000000';
      },
      'chain',
    ],
    [
      'a changed price shown beside the hashed one',
      (r) => {
        r.ticks[exitIndex]!.price = '87260.00';
      },
      'chain',
    ],
    [
      'a changed time',
      (r) => {
        r.ticks[exitIndex]!.timeMs += 1;
      },
      'chain',
    ],
    [
      'a changed hash',
      (r) => {
        r.ticks[10]!.hash = 'ab'.repeat(32);
      },
      'chain',
    ],
    [
      'a changed payout',
      (r) => {
        r.order.payout = '186';
      },
      'payout',
    ],
    [
      'a changed direction',
      (r) => {
        r.order.direction = 'down';
      },
      'result',
    ],
    [
      'a changed signature',
      (r) => {
        r.checkpoint!.signature = `00${r.checkpoint!.signature.slice(2)}`;
      },
      'signature',
    ],
    [
      'a changed checkpoint',
      (r) => {
        r.checkpoint!.seq = 43;
      },
      'checkpoint_hash',
    ],
    [
      'a head the checkpoint does not name',
      (r) => {
        r.ticks.pop();
      },
      'checkpoint_head',
    ],
    [
      'a receipt starting after acceptance',
      (r) => {
        r.ticks.splice(0, 3);
      },
      'entry',
    ],
  ];

  it.each(cases)('%s fails the %s check', async (_, change, name) => {
    const receipt = makeReceipt(streamedParts());
    change(receipt);
    const failed = await failedOf(receipt);
    expect(failed).toContain(name);
    // Nothing about the signature fails unless the signed part changed.
    if (!['signature', 'checkpoint_hash'].includes(name)) expect(failed).not.toContain('signature');
  });

  it('a changed direction fails the result and the payout, which the order claims for the other side', async () => {
    const receipt = makeReceipt(streamedParts());
    receipt.order.direction = 'down';
    expect(await failedOf(receipt)).toEqual(['result', 'payout']);
  });

  it('a key other than the published one fails that check (the receipt could be signed by anyone)', async () => {
    const receipt = makeReceipt(streamedParts());
    expect(await statesOf(receipt, OTHER_KEY_PEM)).toMatchObject({ signature: true, published_key: false });
  });

  it('a receipt signed by another key fails the signature', async () => {
    const receipt = makeReceipt(streamedParts());
    receipt.publicKeyPem = OTHER_KEY_PEM;
    expect(await failedOf(receipt)).toEqual(['signature']);
  });

  it('void when no tick came in the 5 s before the end: stake and fee return', async () => {
    const parts = streamedParts();
    // Drop the ticks from T0 + 65 s to T0 + 70 s: the last one at or before the end is at T0 + 64 s.
    parts.ticks = parts.ticks.filter((t) => t.timeMs < T0 + 65_000 || t.timeMs > T0 + 70_300);
    parts.order = { ...parts.order, status: 'void', payout: '101' };
    const result = await verifyReceipt(makeReceipt(parts));
    expect(result.checks.every((c) => c.isOk)).toBe(true);
    expect(result.outcome).toMatchObject({ status: 'void', voidAt: 'exit', payout: '101' });
    expect(result.checks.find((c) => c.name === 'exit')?.reason.code).toBe('exit_void');
  });

  it('void when no tick came within 5 s of acceptance', async () => {
    const parts = streamedParts();
    parts.ticks = parts.ticks.filter((t) => t.timeMs <= T0 + 40_000 || t.timeMs > T0 + 45_300);
    parts.order = { ...parts.order, status: 'void', payout: '101' };
    const result = await verifyReceipt(makeReceipt(parts));
    expect(result.outcome).toMatchObject({ status: 'void', voidAt: 'entry', entry: null, payout: '101' });
    expect(result.checks.every((c) => c.isOk)).toBe(true);
  });

  it('a tie returns the stake and keeps the fee', async () => {
    const parts = streamedParts();
    parts.ticks = parts.ticks.map((t) => ({ ...t, priceE8: '8725012000000' }));
    parts.order = { ...parts.order, status: 'tie', payout: '100' };
    const result = await verifyReceipt(makeReceipt(parts));
    expect(result.checks.every((c) => c.isOk)).toBe(true);
    expect(result.outcome?.status).toBe('tie');
  });

  it('a win rounds the winnings down to the micro-USDT, as the server does', async () => {
    const parts = streamedParts();
    parts.order = { ...parts.order, amount: '0.000003', payoutRate: '0.85', payout: '0.000005' };
    // 3 × 0.85 = 2.55 minor units of winnings: 2 of them.
    expect(await failedOf(makeReceipt(parts))).toEqual([]);
  });

  it('not yet verifiable: nothing is checked, and the time it will be is given', async () => {
    const receipt = makeReceipt(streamedParts());
    const pending = { ...receipt, checkpoint: null, verifiable: false, verifiableAtMs: T0 + 180_000 };
    expect(await verifyReceipt(pending)).toMatchObject({
      isVerifiable: false,
      verifiableAtMs: T0 + 180_000,
      orderId: '1234567',
      checks: [],
    });
  });

  it('something else than a receipt fails its shape, naming what is wrong', async () => {
    const result = await verifyReceipt({ order: { id: 1 } });
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]).toMatchObject({ name: 'shape', isOk: false });
    const badHash = makeReceipt(streamedParts());
    badHash.ticks[0]!.hash = 'xyz';
    expect((await verifyReceipt(badHash)).checks[0]).toMatchObject({
      name: 'shape',
      isOk: false,
      reason: { values: { fields: 'ticks.0.hash' } },
    });
  });
});

describe('a genuine receipt of a simulated product (the path the server computed)', () => {
  it('passes every check, the path re-derived across two epochs', async () => {
    const result = await verifyReceipt(makeReceipt(simulatedParts()), PUBLIC_KEY_PEM);
    expect(result.kind).toBe('simulated');
    expect(result.checks.filter((c) => !c.isOk)).toEqual([]);
    expect(result.checks.map((c) => c.name)).toEqual([
      'shape',
      'chain',
      'checkpoint_head',
      'checkpoint_hash',
      'signature',
      'published_key',
      'commitments',
      'path',
      'entry',
      'exit',
      'result',
      'payout',
    ]);
    expect(result.checks.find((c) => c.name === 'path')?.reason).toEqual({ code: 'path_ok', values: { count: 51 } });
  });

  it('the other direction passes too (the fixture decides who won, not the test)', async () => {
    expect(await failedOf(makeReceipt(simulatedParts('down')))).toEqual([]);
  });

  it('a changed seed fails its commitment (and the path no longer follows)', async () => {
    const receipt = makeReceipt(simulatedParts());
    receipt.epochs[1] = { ...receipt.epochs[1]!, seed: 'ff'.repeat(32) };
    expect(await failedOf(receipt)).toEqual(['commitments', 'path']);
  });

  it('a tick off the path fails the path only, even when chained and signed as recorded', async () => {
    const parts = simulatedParts();
    const changed: ReceiptParts = {
      ...parts,
      ticks: parts.ticks.map((t) =>
        t.timeMs === T0 + 70_000 ? { ...t, priceE8: (BigInt(t.priceE8) + 1_000_000n).toString() } : t,
      ),
    };
    const result = await verifyReceipt(makeReceipt(changed));
    const path = result.checks.find((c) => c.name === 'path')!;
    expect(path.isOk).toBe(false);
    expect(path.reason.code).toBe('path_tick');
    expect(path.reason.values?.time).toBe(T0 + 70_000);
    expect(result.checks.filter((c) => !c.isOk).map((c) => c.name)).not.toContain('chain');
  });

  it('a seed the order needs but not revealed, or parameters that do not match the volatility, fail', async () => {
    const unrevealed = makeReceipt(simulatedParts());
    unrevealed.epochs[0] = { ...unrevealed.epochs[0]!, seed: null };
    // The revealed seeds still match; the path cannot be walked through the window without it.
    expect(await failedOf(unrevealed)).toEqual(['path']);
    const params = makeReceipt(simulatedParts());
    params.model.paths[0] = { ...params.model.paths[0]!, volatilityPpm: 700_000 };
    expect(await failedOf(params)).toEqual(['path']);
  });

  it('a simulated product whose receipt leaves out the paths fails', async () => {
    const receipt = makeReceipt(simulatedParts());
    receipt.model.paths = [];
    expect(await failedOf(receipt)).toEqual(['path']);
  });
});

describe('the committed path (docs/provably-fair.md §2.3 test vectors)', () => {
  it('BTCUSDT from 6725000000000 at precision 2', async () => {
    const ticks = await walkPath(
      {
        seedHex: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
        symbol: 'BTCUSDT',
        fromSecond: 1_795_000_000,
        startPriceE8: 6_725_000_000_000n,
        sigmaE12: 115_747_082n,
        pricePrecision: 2,
      },
      1_795_000_002,
    );
    expect([...ticks.ticks.values()]).toEqual([6_725_891_000_000n, 6_725_509_000_000n, 6_724_696_000_000n]);
  });

  it('EURUSD from 108520000 at precision 5', async () => {
    const ticks = await walkPath(
      {
        seedHex: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
        symbol: 'EURUSD',
        fromSecond: 1_795_000_000,
        startPriceE8: 108_520_000n,
        sigmaE12: 12_465_070n,
        pricePrecision: 5,
      },
      1_795_000_002,
    );
    expect([...ticks.ticks.values()]).toEqual([108_520_000n, 108_521_000n, 108_523_000n]);
  });
});

/**
 * Receipts the server itself made (`tools/verify/fixtures`, written by the server's receipt tests;
 * the command-line verifier passes them too):
 * a won order whose checkpoint head lies in an epoch whose seed is not out yet (docs §3.2: that
 * tick's price is checked once its seed is), and a void one across three epochs.
 */
describe("the server's own receipts", () => {
  const read = async (name: string) =>
    structuredClone(
      (await import(`../../../../../../tools/verify/fixtures/receipt-${name}.json`)).default,
    ) as FairReceipt;

  it.each(['won', 'void'])('the %s receipt passes every check', async (name) => {
    const receipt = await read(name);
    const result = await verifyReceipt(receipt, receipt.publicKeyPem);
    expect(result.checks.filter((c) => !c.isOk)).toEqual([]);
    expect(result.checks).toHaveLength(12);
    expect(result.outcome?.status).toBe(receipt.order.status);
    expect(result.outcome?.payout).toBe(receipt.order.payout);
  });

  it('a recorded entry or exit other than the rule’s fails that check', async () => {
    const entry = await read('won');
    entry.order.entry = { ...entry.order.entry!, timeMs: entry.order.entry!.timeMs - 1000 };
    expect(await failedOf(entry)).toEqual(['entry']);
    const exit = await read('won');
    exit.order.exit = null;
    expect(await failedOf(exit)).toEqual(['exit']);
    const voided = await read('void');
    voided.order.exit = { timeMs: voided.order.acceptedAtMs + 30_000, priceE8: '6700000000000' };
    expect(await failedOf(voided)).toEqual(['exit']);
  });

  it('a start price not where the epoch before ended fails the path, even when every tick still rounds the same', async () => {
    const receipt = await read('void');
    const second = receipt.model.paths[1]!;
    expect(second.anchored).toBe(false);
    receipt.model.paths[1] = { ...second, startPriceE8: (BigInt(second.startPriceE8) + 1n).toString() };
    const result = await verifyReceipt(receipt);
    const path = result.checks.find((c) => c.name === 'path')!;
    expect(path).toMatchObject({ isOk: false, reason: { code: 'path_start', values: { time: second.startMs } } });
  });

  it('a checkpoint before the window’s end does not cover the exit', async () => {
    const receipt = await read('void');
    // Claim an end later than the checkpoint's minute: ticks up to it could be missing.
    receipt.order.endTimeMs = receipt.checkpoint!.timeMs + 1000;
    expect(await failedOf(receipt)).toContain('exit');
  });
});
