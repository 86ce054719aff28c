import { type LiabilityProof, verifyLiabilityProof } from '@app/contract/fair-liabilities';
import { parseAmount } from '@app/contract/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import {
  call,
  copyOfMigratedTemplate,
  createTestApp,
  isPostgresRun,
  registerUser,
  type TestApp,
} from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import * as repo from './fair-liabilities.repo.js';
import { CLAIM_LEASE_MS, publishCurrentTree, publishTree } from './fair-liabilities.service.js';
import { fairLiabilityTrees } from './fair-liabilities.tables.js';
import { fixedClock, MASTER, sha256, userWithMoney } from './fair-liabilities.test-support.js';
import { liabilityLeafId, userLiabilitySecret } from './liability-secret.js';

/** Proof of liabilities (issue 13, section 4), through the routes, on PGlite and PostgreSQL. */
let t: TestApp;
let users: Awaited<ReturnType<typeof userWithMoney>>[];
const DAY = '2030-01-15';
const deps = (iso: string) => ({ clock: fixedClock(iso), master: () => MASTER });

beforeAll(async () => {
  t = await createTestApp();
  // 36 users: a tree of 6 levels, so paths use both the recomputed block and the stored nodes, and
  // odd counts (9, 5, 3) on the way up. Money in every kind of account, and some users with none.
  users = [];
  for (let i = 0; i < 36; i++) {
    const deposit = i % 5 === 0 ? 0n : BigInt(i) * 1_234_567n;
    const moves =
      deposit === 0n
        ? {}
        : { frozen: BigInt(i), trading: BigInt(i % 3) * 1000n + 1n, earn_locked: 2n, earn_flexible: BigInt(i) * 10n };
    users.push(await userWithMoney(t, deposit, moves));
  }
}, 120_000);
afterAll(async () => t.close());

const proofOf = (token: string, body: unknown = {}) =>
  call(t.app, 'POST', '/api/fair/liability_proof', body, { token, lang: 'en' });
const failedChecks = async (proof: unknown) =>
  (await verifyLiabilityProof(proof, sha256)).filter((c) => !c.isOk).map((c) => c.name);

describe('a day of liabilities', () => {
  test('published: the root, the total, the leaves, and the books total of the same moment, which the reconciliation shows too', async () => {
    const result = await publishTree(t.database.db, DAY, deps('2030-01-15T00:00:01Z'));
    if (result.outcome !== 'published') throw new Error(result.outcome);
    const expected = users.reduce((sum, u) => sum + u.totalMinor, 0n);
    expect(result.summary).toMatchObject({
      day: DAY,
      leaves: 36,
      total: String(expected),
      ledgerTotal: String(expected),
      currency: 'USDT',
      snapshotAt: '2030-01-15T00:00:01.000Z',
    });
    const reconciliation = await reconcile(t.database.db);
    expect(reconciliation.isBalanced).toBe(true);
    const usersTotal = reconciliation.trialBalance
      .filter((row) => row.currency === 'USDT' && row.account.startsWith('users:'))
      .reduce((sum, row) => sum + parseAmount(row.balance), 0n);
    expect(usersTotal).toBe(expected);

    const listed = await call(t.app, 'GET', '/api/fair/liabilities?limit=5');
    expect(listed.code).toBe(0);
    expect(listed.data.list).toEqual([result.summary]);
  });

  test("every user's proof verifies, with that user's whole balance and a leaf id only the master links to them", async () => {
    const [published] = (await call(t.app, 'GET', '/api/fair/liabilities')).data.list;
    const leafIds = new Set<string>();
    for (const u of users) {
      const { code, data } = await proofOf(u.token);
      expect(code).toBe(0);
      expect(await failedChecks(data)).toEqual([]);
      expect(data.day).toBe(DAY);
      expect(data.leaf.balanceMinor).toBe(String(u.totalMinor));
      expect(data.leaf.leafId).toBe(liabilityLeafId(userLiabilitySecret(MASTER, u.userId), DAY));
      expect(data.root).toEqual({ hash: published.root, sum: published.total, leaves: 36 });
      expect(data.path).toHaveLength(6);
      leafIds.add(data.leaf.leafId);
    }
    expect(leafIds.size).toBe(36);
  });

  test('a changed balance, sibling or sum fails', async () => {
    const { data } = await proofOf(users[7]!.token);
    const proof = data as LiabilityProof;
    const copy = () => structuredClone(proof);
    const balance = copy();
    balance.leaf.balanceMinor = String(BigInt(balance.leaf.balanceMinor) + 1n);
    expect(await failedChecks(balance)).toEqual(['leaf_hash', 'root_hash', 'root_sum']);
    const sibling = copy();
    sibling.path[4]!.hash = sha256('another node');
    expect(await failedChecks(sibling)).toEqual(['root_hash']);
    const sum = copy();
    sum.path[2]!.sum = String(BigInt(sum.path[2]!.sum) + 1n);
    expect(await failedChecks(sum)).toEqual(['root_hash', 'root_sum']);
  });

  test('asked by day; a day without a tree, a user who joined after it, a malformed day and no session', async () => {
    expect((await proofOf(users[0]!.token, { day: DAY })).code).toBe(0);
    const missing = await proofOf(users[0]!.token, { day: '2030-01-14' });
    expect([missing.status, missing.code, missing.msg]).toEqual([
      404,
      4951,
      'No proof of liabilities has been published for this day yet',
    ]);
    const late = await registerUser(t.app);
    const notIn = await proofOf(late.token);
    expect([notIn.status, notIn.code]).toEqual([404, 4952]);
    const zn = await call(t.app, 'POST', '/api/fair/liability_proof', {}, { token: late.token, lang: 'zn' });
    expect(zn.msg).toContain('快照');
    const bad = await proofOf(users[0]!.token, { day: '15/01/2030' });
    expect([bad.status, bad.data.fields]).toEqual([400, { day: 'A day is written YYYY-MM-DD' }]);
    expect((await proofOf(users[0]!.token, { day: DAY, userId: 3 })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/fair/liability_proof', {})).status).toBe(401);
    for (const limit of ['0', '101', 'x']) {
      const r = await call(t.app, 'GET', `/api/fair/liabilities?limit=${limit}`, undefined, { lang: 'en' });
      expect([r.status, r.data.fields]).toEqual([400, { limit: 'Ask for 1 to 100 days' }]);
    }
  });

  test('two builders at once: one builds the day, the other finds it claimed; one set of leaves', async () => {
    const outcomes = await Promise.all([
      publishTree(t.database.db, '2030-01-16', deps('2030-01-16T00:00:01Z')),
      publishTree(t.database.db, '2030-01-16', deps('2030-01-16T00:00:01Z')),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['not_claimed', 'published']);
    const tree = await repo.findTree(t.database.db, '2030-01-16');
    const [leaves] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM fair_liability_leaves WHERE tree_id = ${tree!.id}`,
    );
    expect(leaves!.n).toBe(37); // the 36, and the user who joined after the first day
    // And again later the same day: nothing to do.
    expect((await publishTree(t.database.db, '2030-01-16', deps('2030-01-16T09:00:00Z'))).outcome).toBe('not_claimed');
  });

  test('a builder that died: its claim is taken over after the lease, and its late write is refused', async () => {
    const day = '2030-01-17';
    const claimedAt = new Date('2030-01-17T00:00:01Z');
    const deadId = await repo.claimTree(t.database.db, day, 'dead-builder', claimedAt, new Date(0));
    expect(deadId).not.toBeNull();
    const within = new Date(claimedAt.getTime() + CLAIM_LEASE_MS - 1000).toISOString();
    expect((await publishTree(t.database.db, day, deps(within))).outcome).toBe('not_claimed');
    const after = new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1000).toISOString();
    expect((await publishTree(t.database.db, day, deps(after))).outcome).toBe('published');
    const late = await transact(t.database.db, (tx) =>
      repo.writeTree(
        tx,
        deadId!,
        'dead-builder',
        {
          leaves: [],
          nodes: [],
          summary: { rootHash: 'x', total: 0n, leaves: 0, ledgerTotal: 0n, snapshotAt: claimedAt },
        },
        claimedAt,
      ),
    );
    expect(late).toBe(false);
    expect((await call(t.app, 'GET', '/api/fair/liabilities')).data.list[0]).toMatchObject({ day, leaves: 37 });
  });

  test('a published day never changes and is never deleted: the database refuses', async () => {
    await expect(
      t.database.db.update(fairLiabilityTrees).set({ total: 1n }).where(eq(fairLiabilityTrees.day, DAY)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(fairLiabilityTrees).where(eq(fairLiabilityTrees.day, DAY))).rejects.toThrow();
    const [row] = await t.database.db.select().from(fairLiabilityTrees).where(eq(fairLiabilityTrees.day, DAY));
    expect(row!.total).toBe(users.reduce((sum, u) => sum + u.totalMinor, 0n));
  });

  test('the current period: published on the first check, not again that period, again the next', async () => {
    const schedule = { everySeconds: 60, timeZone: 'UTC' };
    const first = await publishCurrentTree(t.database.db, schedule, deps('2030-01-18T08:30:10Z'));
    expect([first.period.day, first.result.outcome]).toEqual(['2030-01-18T08:30:00Z', 'published']);
    const again = await publishCurrentTree(t.database.db, schedule, deps('2030-01-18T08:30:59Z'));
    expect(again.result.outcome).toBe('not_claimed');
    const next = await publishCurrentTree(t.database.db, schedule, deps('2030-01-18T08:31:00Z'));
    expect([next.period.day, next.result.outcome]).toEqual(['2030-01-18T08:31:00Z', 'published']);
    // Without a day, a proof is of the latest.
    expect((await proofOf(users[1]!.token)).data.day).toBe('2030-01-18T08:31:00Z');
  });

  test('older trees lose their leaves and nodes; their figures stay, their proofs say so', async () => {
    const pruned = await transact(t.database.db, (tx) => repo.pruneTrees(tx, 2, new Date('2030-01-19T00:00:00Z')));
    expect(pruned).toBe(3); // 01-15, 01-16, 01-17; the two intervals of 01-18 stay
    const expired = await proofOf(users[0]!.token, { day: DAY });
    expect([expired.status, expired.code]).toEqual([410, 4953]);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM fair_liability_leaves l JOIN fair_liability_trees t ON t.id = l.tree_id WHERE t.day = ${DAY}`,
    );
    expect(left!.n).toBe(0);
    const days = (await call(t.app, 'GET', '/api/fair/liabilities')).data.list.map((d: { day: string }) => d.day);
    expect(days).toContain(DAY);
    expect((await proofOf(users[0]!.token)).code).toBe(0);
  });
});

// A restart reopens a PGlite folder; the PostgreSQL project has no folder to copy, so it leaves this out.
if (!isPostgresRun)
  test('across a restart: the day is not built again, and proofs are the same', async () => {
    const copy = await copyOfMigratedTemplate();
    if (!copy) throw new Error('the migrated PGlite template is missing (vitest global setup)');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const open = async () => {
      const database = await openDatabase({ dataDir: copy.dir });
      return { database, app: await buildApp({ config, database, logger: false }) };
    };
    try {
      let run = await open();
      const u = await registerUser(run.app);
      const schedule = { everySeconds: null, timeZone: 'UTC' };
      const first = await publishCurrentTree(run.database.db, schedule, deps('2030-03-01T00:00:01Z'));
      expect(first.result.outcome).toBe('published');
      const before = await call(run.app, 'POST', '/api/fair/liability_proof', {}, { token: u.token });
      await run.app.close();
      await run.database.close();

      run = await open();
      const second = await publishCurrentTree(run.database.db, schedule, deps('2030-03-01T13:00:00Z'));
      expect(second.result.outcome).toBe('not_claimed');
      const after = await call(run.app, 'POST', '/api/fair/liability_proof', {}, { token: u.token });
      expect(after.data).toEqual(before.data);
      expect(await failedChecks(after.data)).toEqual([]);
      await run.app.close();
      await run.database.close();
    } finally {
      copy.remove();
    }
  });
