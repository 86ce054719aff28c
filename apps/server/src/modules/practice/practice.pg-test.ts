import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { walletUser } from '../wallet/wallet.test-support.js';

/** Issue 14 on a real PostgreSQL: concurrent first uses grant once, concurrent resets reset once. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

const post = (url: string, token: string) => call(t.app, 'POST', url, {}, { token, lang: 'en' });

test('ten first uses at once give the 10 000 practice USDT once', async () => {
  const u = await walletUser(t);
  const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/practice/balance', u.token)));
  expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
  expect(answers.every((a) => a.data.available === '10000')).toBe(true);
  const grants = await t.database.db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.kind, 'practice_grant'), eq(ledgerJournals.referenceId, u.user.id)));
  expect(grants).toHaveLength(1);
  expect(await userAccountBalance(t.database.db, Number(u.user.id), 'available', 'PUSDT')).toBe(10_000_000_000n);
});

test('five resets at once: one resets, the others are refused, and the books balance', async () => {
  const u = await walletUser(t);
  const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/practice/reset', u.token)));
  expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  expect(answers.filter((a) => a.code === 4281)).toHaveLength(4);
  expect(await userAccountBalance(t.database.db, Number(u.user.id), 'available', 'PUSDT')).toBe(10_000_000_000n);
  const books = await reconcile(t.database.db);
  expect(books.isBalanced).toBe(true);
  expect(books.postingsSum.PUSDT).toBe('0');
});
