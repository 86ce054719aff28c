import type {
  BalanceList,
  Journal,
  JournalKind,
  Reconciliation,
  UserAccountKind,
  WaterEntry,
} from '@app/contract/ledger';
import { formatAmount } from '@app/contract/money';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ledgerAccounts, ledgerJournals, ledgerPostings } from './ledger.tables.js';
import { describeEvent } from './water-events.js';

/** Read-only views of the books: balances, a user's postings, journals and the reconciliation. */

export async function userBalances(db: DbOrTx, userId: number, currency = 'USDT'): Promise<BalanceList> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)));
  const of = (kind: UserAccountKind) => rows.find((r) => r.kind === kind)?.balance ?? 0n;
  const total = rows.reduce((sum, r) => sum + r.balance, 0n);
  return {
    currency,
    available: formatAmount(of('available')),
    frozen: formatAmount(of('frozen')),
    trading: formatAmount(of('trading')),
    earnLocked: formatAmount(of('earn_locked')),
    earnFlexible: formatAmount(of('earn_flexible')),
    total: formatAmount(total),
  };
}

/** Whether a journal with this idempotency key was posted (e.g. a one-time grant). */
export async function isJournalPosted(db: DbOrTx, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

/** The minor-unit balance of one user account (0 when it does not exist yet). */
export async function userAccountBalance(db: DbOrTx, userId: number, kind: UserAccountKind, currency = 'USDT') {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.key} = ${`user:${userId}:${kind}:${currency}`}`);
  return row?.balance ?? 0n;
}

/** The same balance as an SQL expression, for a statement that stores it beside what it caused. */
export function userAccountBalanceSql(userId: number, kind: UserAccountKind, currency = 'USDT'): SQL {
  return sql`coalesce((SELECT ${ledgerAccounts.balance} FROM ${ledgerAccounts}
    WHERE ${ledgerAccounts.key} = ${`user:${userId}:${kind}:${currency}`}), 0)`;
}

/** One posting of a user, as the revenue record reads it. */
export type UserPosting = Omit<WaterEntry, 'state' | 'grossAmount' | 'fee'>;

/** A user's postings, newest first (the legs; fund details read `userEvents`). */
export async function userPostings(
  db: DbOrTx,
  userId: number,
  filter: { kind?: JournalKind; kinds?: readonly JournalKind[]; account?: UserAccountKind },
  page: { page: number; pageSize: number },
): Promise<{ list: UserPosting[]; total: number }> {
  const conditions: SQL[] = [eq(ledgerPostings.userId, userId)];
  if (filter.kind) conditions.push(eq(ledgerJournals.kind, filter.kind));
  if (filter.kinds) conditions.push(inArray(ledgerJournals.kind, [...filter.kinds]));
  if (filter.account) conditions.push(eq(ledgerAccounts.kind, filter.account));
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: ledgerPostings.id,
        journalId: ledgerPostings.journalId,
        kind: ledgerJournals.kind,
        account: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        amount: ledgerPostings.amount,
        balanceAfter: ledgerPostings.balanceAfter,
        referenceType: ledgerJournals.referenceType,
        referenceId: ledgerJournals.referenceId,
        memo: ledgerJournals.memo,
        createdAt: ledgerPostings.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerPostings.journalId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(ledgerPostings)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerPostings.journalId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where),
  ]);
  return {
    total: totalRow?.total ?? 0,
    list: rows.map((r) => ({
      id: String(r.id),
      journalId: String(r.journalId),
      kind: r.kind as JournalKind,
      account: r.account as UserAccountKind,
      currency: r.currency,
      amount: formatAmount(r.amount),
      balanceAfter: formatAmount(r.balanceAfter),
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      memo: r.kind === 'adjustment' ? r.memo : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

interface EventRow {
  journal_id: string;
  kind: JournalKind;
  reference_type: string;
  reference_id: string;
  memo: string | null;
  created_at: Date | string;
  currency: string;
  legs: string;
  followed_by: string;
  available_after: string;
}

/**
 * A user's fund details: one entry per event (a journal that touched the user's accounts), newest
 * first, with its effect on the available balance and that balance right after it. Pages count
 * events, not legs. Each journal is represented by the user's first posting in it, so a page is a
 * walk down the (user_id, id) index; legs, later journals of the same reference and the available
 * balance are read for that page's events only, in the same statement.
 */
export async function userEvents(
  db: DbOrTx,
  userId: number,
  filter: { kinds?: readonly JournalKind[] },
  page: { page: number; pageSize: number },
): Promise<{ list: WaterEntry[]; total: number }> {
  if (filter.kinds?.length === 0) return { list: [], total: 0 };
  const kindFilter = filter.kinds
    ? sql`AND EXISTS (SELECT 1 FROM ledger_journals fj WHERE fj.id = p.journal_id
        AND fj.kind IN (${sql.join(
          filter.kinds.map((k) => sql`${k}`),
          sql`, `,
        )}))`
    : sql``;
  // Real money only (issue 14): practice journals (PUSDT) are no fund detail.
  const firstOfJournal = sql`NOT EXISTS (SELECT 1 FROM ledger_postings q
    WHERE q.journal_id = p.journal_id AND q.user_id = p.user_id AND q.id < p.id)
    AND EXISTS (SELECT 1 FROM ledger_accounts ca WHERE ca.id = p.account_id AND ca.currency = 'USDT')`;
  const [rows, [totalRow]] = await Promise.all([
    queryRows<EventRow>(
      db,
      sql`
      WITH page AS (
        SELECT p.journal_id, p.id AS first_id FROM ledger_postings p
        WHERE p.user_id = ${userId} AND ${firstOfJournal} ${kindFilter}
        ORDER BY p.id DESC LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}
      )
      SELECT pg.journal_id::text AS journal_id, j.kind, j.reference_type, j.reference_id, j.memo, j.created_at,
             legs.currency, legs.legs, followed.kinds AS followed_by,
             COALESCE(avail.balance_after, 0)::text AS available_after
      FROM page pg
      JOIN ledger_journals j ON j.id = pg.journal_id
      CROSS JOIN LATERAL (
        SELECT min(a.currency) AS currency, max(q.id) AS last_id,
               json_agg(json_build_object('account', a.kind, 'amount', q.amount::text) ORDER BY q.id)::text AS legs
        FROM ledger_postings q JOIN ledger_accounts a ON a.id = q.account_id
        WHERE q.journal_id = pg.journal_id AND q.user_id = ${userId}
      ) legs
      CROSS JOIN LATERAL (
        SELECT COALESCE(json_agg(later.kind ORDER BY later.id), '[]')::text AS kinds
        FROM ledger_journals later
        WHERE later.reference_type = j.reference_type AND later.reference_id = j.reference_id AND later.id > j.id
      ) followed
      LEFT JOIN LATERAL (
        SELECT q.balance_after FROM ledger_postings q
        WHERE q.account_id = (SELECT a.id FROM ledger_accounts a
                              WHERE a.key = ${`user:${userId}:available:`}::text || legs.currency)
          AND q.id <= legs.last_id
        ORDER BY q.id DESC LIMIT 1
      ) avail ON true
      ORDER BY pg.first_id DESC`,
    ),
    queryRows<{ total: number }>(
      db,
      // Distinct journals: on PostgreSQL about twice a plain count of the legs, half the anti-join's cost.
      sql`SELECT COUNT(DISTINCT p.journal_id)::int AS total FROM ledger_postings p
          JOIN ledger_accounts ca ON ca.id = p.account_id AND ca.currency = 'USDT'
          WHERE p.user_id = ${userId} ${kindFilter}`,
    ),
  ]);
  return { total: totalRow?.total ?? 0, list: rows.map(toWaterEntry) };
}

function toWaterEntry(row: EventRow): WaterEntry {
  const legs = (JSON.parse(row.legs) as Array<{ account: UserAccountKind; amount: string }>).map((leg) => ({
    account: leg.account,
    amount: BigInt(leg.amount),
  }));
  const meaning = describeEvent({ kind: row.kind, legs, followedBy: JSON.parse(row.followed_by) as JournalKind[] });
  return {
    id: row.journal_id,
    journalId: row.journal_id,
    kind: row.kind,
    account: 'available',
    currency: row.currency,
    amount: formatAmount(meaning.availableChange),
    balanceAfter: formatAmount(BigInt(row.available_after)),
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    memo: row.kind === 'adjustment' ? row.memo : null,
    createdAt: new Date(row.created_at).toISOString(),
    state: meaning.state,
    grossAmount: formatAmount(meaning.grossAmount),
    fee: meaning.fee === null ? null : formatAmount(meaning.fee),
  };
}

export async function listJournals(
  db: DbOrTx,
  filter: { kind?: JournalKind; userId?: number; id?: number },
  page: { page: number; pageSize: number },
): Promise<{ list: Journal[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(eq(ledgerJournals.id, filter.id));
  if (filter.kind) conditions.push(eq(ledgerJournals.kind, filter.kind));
  if (filter.userId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ledger_postings p WHERE p.journal_id = ${ledgerJournals.id} AND p.user_id = ${filter.userId})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [journals, [totalRow]] = await Promise.all([
    db
      .select()
      .from(ledgerJournals)
      .where(where)
      .orderBy(desc(ledgerJournals.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(ledgerJournals).where(where),
  ]);
  const ids = journals.map((j) => j.id);
  const postings = ids.length
    ? await db
        .select({
          journalId: ledgerPostings.journalId,
          account: ledgerAccounts.key,
          userId: ledgerPostings.userId,
          amount: ledgerPostings.amount,
          balanceAfter: ledgerPostings.balanceAfter,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(inArray(ledgerPostings.journalId, ids))
        .orderBy(ledgerPostings.id)
    : [];
  return {
    total: totalRow?.total ?? 0,
    list: journals.map((j) => ({
      id: String(j.id),
      kind: j.kind as JournalKind,
      referenceType: j.referenceType,
      referenceId: j.referenceId,
      memo: j.memo,
      adminId: j.adminId === null ? null : String(j.adminId),
      createdAt: j.createdAt.toISOString(),
      postings: postings
        .filter((p) => p.journalId === j.id)
        .map((p) => ({
          // Platform shards are one account to a reader: `platform:fees:USDT:3` shows as `platform:fees:USDT`.
          account: p.account.startsWith('platform:') ? p.account.replace(/:\d+$/, '') : p.account,
          userId: p.userId === null ? null : String(p.userId),
          amount: formatAmount(p.amount),
          balanceAfter: formatAmount(p.balanceAfter),
        })),
    })),
  };
}

/**
 * Proves the books: every journal and all postings sum to zero, every balance equals the sum of
 * its postings, and no user account is below zero (DESIGN.md 5).
 */
export async function reconcile(db: DbOrTx): Promise<Reconciliation> {
  const sums = await queryRows<{ currency: string; total: string }>(
    db,
    sql`
    SELECT a.currency, COALESCE(SUM(p.amount), 0)::text AS total
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id GROUP BY a.currency`,
  );
  const [unbalancedJournals] = await queryRows<{ n: number }>(
    db,
    sql`
      SELECT COUNT(*)::int AS n FROM (
        SELECT journal_id FROM ledger_postings GROUP BY journal_id HAVING SUM(amount) <> 0 OR COUNT(*) < 2
      ) j`,
  );
  const [mismatched] = await queryRows<{ n: number }>(
    db,
    sql`
      SELECT COUNT(*)::int AS n FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) p
        ON p.account_id = a.id
      WHERE a.balance <> COALESCE(p.total, 0)`,
  );
  const [negative] = await queryRows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`,
  );
  const trial = await queryRows<{ currency: string; account: string; balance: string }>(
    db,
    sql`
    SELECT currency,
           CASE WHEN user_id IS NULL THEN 'platform:' || kind ELSE 'users:' || kind END AS account,
           SUM(balance)::text AS balance
    FROM ledger_accounts GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const postingsSum = Object.fromEntries(sums.map((r) => [r.currency, formatAmount(BigInt(r.total))]));
  const journalsNotBalanced = unbalancedJournals?.n ?? 0;
  const accountsNotMatchingPostings = mismatched?.n ?? 0;
  const userAccountsBelowZero = negative?.n ?? 0;
  return {
    checkedAt: new Date().toISOString(),
    isBalanced:
      Object.values(postingsSum).every((v) => v === '0') &&
      journalsNotBalanced === 0 &&
      accountsNotMatchingPostings === 0 &&
      userAccountsBelowZero === 0,
    postingsSum,
    journalsNotBalanced,
    accountsNotMatchingPostings,
    userAccountsBelowZero,
    trialBalance: trial.map((r) => ({ ...r, balance: formatAmount(BigInt(r.balance)) })),
  };
}

/** One journal with its postings, by id; undefined when there is none. */
export async function findJournal(db: DbOrTx, id: number): Promise<Journal | undefined> {
  const { list } = await listJournals(db, { id }, { page: 1, pageSize: 1 });
  return list[0];
}

/** What the books owe users at one moment: see `userLiabilities`. */
export interface UserLiabilities {
  /** Each user's total of all their accounts in the currency (available, frozen, trading, earn), minor units. */
  totalsByUser: Map<number, bigint>;
  /** Every posting ever made to a user account in the currency, added up: what the balances must sum to. */
  postedToUsers: bigint;
}

/**
 * Every user's total balance and the postings' total of all user accounts, read by ONE statement, so
 * both are the same moment of the books (a statement sees one snapshot): the proof of liabilities
 * builds its tree from the first and publishes the second beside it. The second is reached through
 * the postings, not the balances, so a tree whose total matches it agrees with the journals too.
 */
export async function userLiabilities(db: DbOrTx, currency = 'USDT'): Promise<UserLiabilities> {
  const rows = await queryRows<{ user_id: string | null; total: string }>(
    db,
    sql`
    SELECT user_id::text AS user_id, SUM(balance)::text AS total
    FROM ledger_accounts WHERE user_id IS NOT NULL AND currency = ${currency}
    GROUP BY user_id
    UNION ALL
    SELECT NULL, COALESCE(SUM(p.amount), 0)::text
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.user_id IS NOT NULL AND a.currency = ${currency}`,
  );
  const totalsByUser = new Map<number, bigint>();
  let postedToUsers: bigint | null = null;
  for (const row of rows) {
    if (row.user_id === null) postedToUsers = BigInt(row.total);
    else totalsByUser.set(Number(row.user_id), BigInt(row.total));
  }
  if (postedToUsers === null) throw new Error('userLiabilities: the postings total row is missing');
  return { totalsByUser, postedToUsers };
}
