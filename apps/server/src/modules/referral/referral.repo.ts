import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * Queries of the referral capability. It keeps no table of its own: the inviter link and the level
 * live on `users`, qualification is a confirmed deposit, activity is the settled orders, and the
 * cashback is the `referral_cashback` journals (each referencing its order) in the ledger. It only
 * reads them: the levels it decides are written by the users module (users.service).
 */

/** The invitee `u` qualifies their inviter: a deposit of theirs was confirmed by finance (the approved state). */
const HAS_CONFIRMED_DEPOSIT = sql`EXISTS (SELECT 1 FROM deposits d WHERE d.user_id = u.id AND d.status = 'confirmed')`;

/**
 * A real order settled for good that kept its fee: a void order gave the fee back, so it earns nothing
 * and is no activity; a practice order moved no real money and pays no cashback (issue 14).
 */
const REAL_SETTLED_WITH_FEE = sql`o.account = 'real' AND o.status IN ('won', 'lost', 'tie')`;

export interface InviterOfUser {
  userId: number;
  inviterId: number;
  inviterLevel: number;
}

/** The direct inviter (and their level) of each of these users that has one, in one statement. */
export async function invitersOf(tx: DbOrTx, userIds: readonly number[]): Promise<InviterOfUser[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ user_id: string | number; inviter_id: string | number; inviter_level: number }>(
    tx,
    sql`SELECT u.id AS user_id, i.id AS inviter_id, i.level AS inviter_level
      FROM users u JOIN users i ON i.id = u.invited_by
      WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::bigint)`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    inviterId: Number(r.inviter_id),
    inviterLevel: Number(r.inviter_level),
  }));
}

export async function inviterIdOf(tx: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ invited_by: string | number | null }>(
    tx,
    sql`SELECT invited_by FROM users WHERE id = ${userId}`,
  );
  return row?.invited_by == null ? null : Number(row.invited_by);
}

/** How many direct invitees the user has, and how many of them have a confirmed deposit. */
export async function inviteeCounts(db: DbOrTx, inviterId: number): Promise<{ total: number; qualified: number }> {
  const [row] = await queryRows<{ total: number; qualified: number }>(
    db,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE ${HAS_CONFIRMED_DEPOSIT}))::int AS qualified
      FROM users u WHERE u.invited_by = ${inviterId}`,
  );
  return { total: Number(row?.total ?? 0), qualified: Number(row?.qualified ?? 0) };
}

/**
 * Every user's level from the given thresholds (level i+1 from `minInvitees[i]` qualified invitees),
 * as a query of `id, level` rows for users.service's setReferralLevels; for when the table itself changes.
 */
export function allLevelsQuery(minInvitees: readonly number[]): SQL {
  const thresholds = JSON.stringify(minInvitees.map((min, i) => ({ level: i + 1, min })));
  return sql`SELECT x.id, coalesce((SELECT max(t.level) FROM jsonb_to_recordset(${thresholds}::jsonb) AS t(level int, min int)
      WHERE t.min <= coalesce(q.n, 0)), 1) AS level
    FROM users x LEFT JOIN (
      SELECT u.invited_by AS id, count(*)::int AS n FROM users u
      WHERE u.invited_by IS NOT NULL AND ${HAS_CONFIRMED_DEPOSIT}
      GROUP BY u.invited_by) q ON q.id = x.id`;
}

export interface InviterRow {
  inviteCode: string;
  level: number;
}

export async function inviterRow(db: DbOrTx, userId: number): Promise<InviterRow | null> {
  const [row] = await queryRows<{ invite_code: string; level: number }>(
    db,
    sql`SELECT invite_code, level FROM users WHERE id = ${userId}`,
  );
  return row ? { inviteCode: row.invite_code, level: Number(row.level) } : null;
}

/**
 * The inviter's cashback journals: only the `referral_cashback` kind's references are read as order
 * ids (the CTE is materialised so no other journal's reference is ever cast).
 */
const cashbackOf = (inviterId: number) =>
  sql`cashback AS MATERIALIZED (
    SELECT j.reference_id, p.amount FROM ledger_postings p JOIN ledger_journals j ON j.id = p.journal_id
    WHERE p.user_id = ${inviterId} AND j.kind = 'referral_cashback' AND j.reference_type = 'order')`;

export async function totalCashbackMinor(db: DbOrTx, inviterId: number): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`WITH ${cashbackOf(inviterId)} SELECT coalesce(sum(amount), 0)::text AS total FROM cashback`,
  );
  return BigInt(row?.total ?? '0');
}

export interface InviteeRow {
  id: number;
  username: string;
  phone: string;
  createdAt: Date;
  hasDeposit: boolean;
  settledOrders: number;
  volumeMinor: bigint;
  cashbackMinor: bigint;
}

/** One page of the user's direct invitees, newest first, with their activity and the cashback from each. */
export async function inviteePage(
  db: DbOrTx,
  inviterId: number,
  page: { page: number; pageSize: number },
): Promise<InviteeRow[]> {
  const rows = await queryRows<{
    id: string | number;
    username: string;
    phone: string;
    created_at: Date | string;
    has_deposit: boolean;
    settled_orders: number;
    volume: string;
    cashback: string;
  }>(
    db,
    sql`WITH ${cashbackOf(inviterId)},
      invitees AS (
        SELECT u.id, u.username, u.phone, u.created_at, ${HAS_CONFIRMED_DEPOSIT} AS has_deposit
        FROM users u WHERE u.invited_by = ${inviterId}
        ORDER BY u.id DESC LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}),
      by_invitee AS (
        SELECT o.user_id, sum(c.amount) AS amount FROM cashback c JOIN orders o ON o.id = c.reference_id::bigint
        GROUP BY o.user_id)
      SELECT i.id, i.username, i.phone, i.created_at, i.has_deposit,
        a.settled_orders, a.volume, coalesce(b.amount, 0)::text AS cashback
      FROM invitees i
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS settled_orders, coalesce(sum(o.amount), 0)::text AS volume
        FROM orders o WHERE o.user_id = i.id AND ${REAL_SETTLED_WITH_FEE}) a
      LEFT JOIN by_invitee b ON b.user_id = i.id
      ORDER BY i.id DESC`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    phone: r.phone,
    createdAt: new Date(r.created_at),
    hasDeposit: r.has_deposit,
    settledOrders: Number(r.settled_orders),
    volumeMinor: BigInt(r.volume),
    cashbackMinor: BigInt(r.cashback),
  }));
}
