import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../http/app-error.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { idempotencyKeys } from './idempotency.tables.js';
import { type IdempotencyClaim, recordRefusal, replayStored, runIdempotent } from './run-idempotent.js';

/**
 * The one path of money calls with an Idempotency-Key: the claim, the work and its stored outcome
 * commit together. The work here writes a row of its own, so the tests see what it moved.
 */
let t: TestApp;
let keySequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`CREATE TABLE work_log (key text NOT NULL, note text NOT NULL)`);
});
afterAll(async () => t?.close());

const claimFor = (requestHash = 'hash-a'): IdempotencyClaim => ({
  userId: 1,
  key: `key-${++keySequence}`,
  requestHash,
});

/** The work of a money call: writes one row, then answers (or fails as told). */
function work(claim: IdempotencyClaim, outcome: 'answer' | Error = 'answer') {
  let runs = 0;
  const run = async (tx: Tx) => {
    runs += 1;
    await tx.execute(sql`INSERT INTO work_log VALUES (${claim.key}, 'moved')`);
    if (outcome instanceof Error) throw outcome;
    return { id: claim.key, amount: '10' };
  };
  return { run, runs: () => runs };
}

async function rowsOf(key: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM work_log WHERE key = ${key}`,
  );
  return Number(row!.n);
}

async function storedKeys(key: string) {
  return t.database.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.key} = ${key}`);
}

describe('runIdempotent', () => {
  test('the first call runs the work; a replay answers the stored value and moves nothing', async () => {
    const claim = claimFor();
    const first = work(claim);
    expect(await runIdempotent(t.database.db, claim, first.run)).toEqual({
      value: { id: claim.key, amount: '10' },
      replayed: false,
    });
    const again = work(claim);
    expect(await runIdempotent(t.database.db, claim, again.run)).toEqual({
      value: { id: claim.key, amount: '10' },
      replayed: true,
    });
    expect(again.runs()).toBe(0);
    expect(await rowsOf(claim.key)).toBe(1);
  });

  test('the same key with another request is refused with 409, and nothing runs', async () => {
    const claim = claimFor('hash-a');
    await runIdempotent(t.database.db, claim, work(claim).run);
    const other = work(claim);
    const refused = runIdempotent(t.database.db, { ...claim, requestHash: 'hash-b' }, other.run);
    await expect(refused).rejects.toMatchObject({ errorName: 'idempotency_key_reused_with_other_body' });
    expect(other.runs()).toBe(0);
    expect(await rowsOf(claim.key)).toBe(1);
  });

  test('a refusal undoes the work, is kept under the key, and a replay gets it even when it could succeed now', async () => {
    const claim = claimFor();
    const refused = work(claim, new AppError('insufficient_balance'));
    const first = runIdempotent(t.database.db, claim, refused.run);
    await expect(first).rejects.toMatchObject({ errorName: 'insufficient_balance', replayed: false });
    // The refused work's own write is rolled back with it (a savepoint); the refusal is stored.
    expect(await rowsOf(claim.key)).toBe(0);
    expect(await storedKeys(claim.key)).toHaveLength(1);

    const wouldSucceed = work(claim);
    const replay = runIdempotent(t.database.db, claim, wouldSucceed.run);
    await expect(replay).rejects.toMatchObject({ errorName: 'insufficient_balance', replayed: true });
    expect(wouldSucceed.runs()).toBe(0);
    expect(await rowsOf(claim.key)).toBe(0);
  });

  test('an unexpected failure (a bug, the database away) keeps nothing: the same key may try again', async () => {
    const claim = claimFor();
    const crashing = work(claim, new Error('connection lost mid-way'));
    await expect(runIdempotent(t.database.db, claim, crashing.run)).rejects.toThrow('connection lost mid-way');
    expect(await rowsOf(claim.key)).toBe(0);
    expect(await storedKeys(claim.key)).toHaveLength(0);

    const retry = work(claim);
    expect((await runIdempotent(t.database.db, claim, retry.run)).replayed).toBe(false);
    expect(await rowsOf(claim.key)).toBe(1);
  });

  test('copies sent at once run the work once and all get the same answer', async () => {
    const claim = claimFor();
    const copies = Array.from({ length: 8 }, () => work(claim));
    const results = await Promise.all(copies.map((copy) => runIdempotent(t.database.db, claim, copy.run)));
    expect(copies.reduce((sum, copy) => sum + copy.runs(), 0)).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const result of results) expect(result.value).toEqual({ id: claim.key, amount: '10' });
    expect(await rowsOf(claim.key)).toBe(1);
  });

  test('without a key the work just runs, every time', async () => {
    const claim = claimFor();
    for (let i = 0; i < 2; i++) {
      expect(await runIdempotent(t.database.db, null, work(claim).run)).toMatchObject({ replayed: false });
    }
    expect(await rowsOf(claim.key)).toBe(2);
  });
});

describe('outcomes stored outside runIdempotent', () => {
  test("order/create's refusals are stored in the same form and replay as the same refusal", async () => {
    const claim = claimFor();
    await recordRefusal(t.database.db, claim, new AppError('order_period_unavailable'));
    const [row] = await storedKeys(claim.key);
    expect(() => replayStored({ status: row!.responseStatus, body: row!.responseBody ?? '' })).toThrow(
      expect.objectContaining({ errorName: 'order_period_unavailable', replayed: true }),
    );
    // And through runIdempotent too: one store, one form.
    await expect(runIdempotent(t.database.db, claim, work(claim).run)).rejects.toMatchObject({
      errorName: 'order_period_unavailable',
    });
  });

  test('an envelope stored by the previous version still replays: its data, or its refusal by code', async () => {
    expect(replayStored({ status: 200, body: '{"code":0,"msg":"Success","data":{"id":"7"}}' })).toEqual({ id: '7' });
    expect(() => replayStored({ status: 422, body: '{"code":4002,"msg":"x","data":null}' })).toThrow(
      expect.objectContaining({ errorName: 'insufficient_balance', replayed: true }),
    );
  });
});
