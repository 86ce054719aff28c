import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { fund, PAY, setWalletRules, walletUser } from '../wallet/wallet.test-support.js';
import { downloadStatement, readFundCsv } from './statements.test-support.js';

/**
 * The twin of statements.test.ts on a real PostgreSQL, where journals commit while a statement is
 * read: every statement taken during a burst of deposits and withdrawals re-adds from its opening
 * to its closing (one snapshot), and the last one closes at the ledger's available balance.
 */
let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await adminWithRole(t, 'finance')).token;
  await setWalletRules(t, finance, { withdrawDailyCountMax: 100, withdrawFeeFixed: '0', withdrawFeeRateBp: 0 });
});
afterAll(async () => t?.close());

const today = () => new Date().toISOString().slice(0, 10);
const range = () => ({ from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), to: today() });

test('statements read while money moves always re-add, and the last closes at the ledger balance', async () => {
  const u = await walletUser(t, { kyc: true, card: true });
  const other = await walletUser(t, { kyc: true, card: true });
  await fund(t, u, '1000', finance);
  await fund(t, other, '1000', finance);
  const moves = Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0
      ? fund(t, u, '25', finance)
      : call(t.app, 'POST', '/api/wallet/bankWithdrawal', { amount: '10', payPassword: PAY }, { token: u.token }),
  );
  const otherMoves = Array.from({ length: 6 }, () =>
    call(t.app, 'POST', '/api/wallet/bankWithdrawal', { amount: '5', payPassword: PAY }, { token: other.token }),
  );
  const reads = Array.from({ length: 8 }, () =>
    downloadStatement(t, u.token, { kind: 'fund', format: 'csv', ...range() }),
  );
  const [, , statements] = await Promise.all([Promise.all(moves), Promise.all(otherMoves), Promise.all(reads)]);
  for (const r of statements) {
    expect(r.status).toBe(200);
    const csv = readFundCsv(r.bytes);
    expect(csv.reAdded).toBe(csv.closing);
    expect(csv.isRunningBalanceRight).toBe(true);
  }
  const last = readFundCsv((await downloadStatement(t, u.token, { kind: 'fund', format: 'csv', ...range() })).bytes);
  expect(last.events).toHaveLength(1 + 12);
  expect(last.reAdded).toBe(last.closing);
  expect(last.closing).toBe(await userAccountBalance(t.database.db, u.userId, 'available'));
  // 1000 + 4 × 25 − 8 × 10
  expect(last.closing).toBe(1_020_000_000n);
});
