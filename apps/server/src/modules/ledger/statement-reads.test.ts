import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { userBalances } from './ledger.reads.js';
import { type JournalInput, postJournal } from './ledger.service.js';
import { availableStatement } from './statement-reads.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

const M = 1_000_000n;
let seq = 0;
const ALL_TIME = { from: new Date(0), to: new Date('2999-01-01T00:00:00Z') };

function move(userId: number, kind: 'deposit' | 'withdrawal_request', amount: bigint): JournalInput {
  seq += 1;
  const postings =
    kind === 'deposit'
      ? [
          { account: { platform: 'deposits' as const }, amount: -amount },
          { account: { userId, kind: 'available' as const }, amount },
        ]
      : [
          { account: { userId, kind: 'available' as const }, amount: -amount },
          { account: { userId, kind: 'frozen' as const }, amount },
        ];
  return {
    kind,
    idempotencyKey: `statement-reads:${seq}:${Math.random()}`,
    reference: { type: kind, id: seq },
    postings,
  };
}

const post = (input: JournalInput) => transact(db, (tx) => postJournal(tx, input));

describe('availableStatement', () => {
  const user = 7_001;
  const other = 7_002;

  beforeAll(async () => {
    await post(move(user, 'deposit', 100n * M));
    await post(move(other, 'deposit', 999n * M));
    await post(move(user, 'withdrawal_request', 30n * M));
    await post(move(user, 'deposit', 5n * M));
  });

  test("one event per journal of the user's, each with its effect and the balance after; closing = the ledger's balance", async () => {
    const all = await availableStatement(db, user, ALL_TIME, 100);
    expect(all.opening).toBe(0n);
    expect(all.events.map((e) => [e.kind, e.availableChange, e.availableAfter])).toEqual([
      ['deposit', 100n * M, 100n * M],
      ['withdrawal_request', -30n * M, 70n * M],
      ['deposit', 5n * M, 75n * M],
    ]);
    expect(all.closing).toBe(75n * M);
    expect((await userBalances(db, user)).available).toBe('75');
    expect(all.isTruncated).toBe(false);
  });

  test('any edge: an event exactly at `from` is in, one exactly at `to` is not, and opening + effects = closing', async () => {
    const all = await availableStatement(db, user, ALL_TIME, 100);
    for (const edge of all.events.map((e) => e.createdAt)) {
      const before = all.events.filter((e) => e.createdAt < edge);
      const after = all.events.filter((e) => e.createdAt >= edge);
      const sum = (events: typeof all.events) => events.reduce((s, e) => s + e.availableChange, 0n);

      const later = await availableStatement(db, user, { from: edge, to: ALL_TIME.to }, 100);
      expect(later.opening).toBe(sum(before));
      expect(later.events.map((e) => e.journalId)).toEqual(after.map((e) => e.journalId));
      expect(later.opening + sum(later.events)).toBe(later.closing);

      const earlier = await availableStatement(db, user, { from: ALL_TIME.from, to: edge }, 100);
      expect(earlier.events.map((e) => e.journalId)).toEqual(before.map((e) => e.journalId));
      expect(earlier.closing).toBe(sum(before));
    }
  });

  test('past the limit the events are cut and say so; the balances stay whole', async () => {
    const cut = await availableStatement(db, user, ALL_TIME, 2);
    expect(cut.isTruncated).toBe(true);
    expect(cut.events).toHaveLength(2);
    expect(cut.closing).toBe(75n * M);
  });

  test("another user's journals are never in it", async () => {
    const theirs = await availableStatement(db, other, ALL_TIME, 100);
    expect(theirs.events.map((e) => e.availableChange)).toEqual([999n * M]);
    const mine = await availableStatement(db, user, ALL_TIME, 100);
    expect(mine.events.some((e) => e.availableChange === 999n * M)).toBe(false);
  });
});
