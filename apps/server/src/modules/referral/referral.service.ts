import { formatAmount } from '@app/contract/money';
import {
  type InviteOverview,
  maskUsername,
  REFERRAL_LEVEL_COUNT,
  type ReferralLevel,
  type ReferralSettings,
  referralCashbackMinor,
  referralLevelFor,
} from '@app/contract/referral';
import { maskPhone } from '@app/contract/users';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { JournalInput } from '../ledger/ledger.service.js';
import { readPlatformSettings } from '../settings/settings.service.js';
import { lockUserRow, setReferralLevel, setReferralLevels } from '../users/users.service.js';
import * as repo from './referral.repo.js';

/**
 * Referral (DESIGN.md 6.6), single tier: only a user's direct inviter ever earns from them.
 *
 * The level is stored on `users.level` (user/details and the settlement read it as it is) and kept
 * right by recomputing it where it can change: when an invitee's deposit is confirmed (in that
 * transaction) and when the level table is edited (in that transaction). Computing it on every read
 * instead would put a count of invitees and deposits into every settlement batch.
 */

export function levelTable(settings: ReferralSettings): ReferralLevel[] {
  return settings.levels.map((rule, i) => ({ level: i + 1, ...rule }));
}

/**
 * After a deposit of `userId` is confirmed, inside the confirming transaction: their inviter's level
 * follows the new count of qualified invitees. Answers the inviter's id, or null without one.
 */
export async function onDepositConfirmed(tx: Tx, userId: number): Promise<number | null> {
  const inviterId = await repo.inviterIdOf(tx, userId);
  if (inviterId === null) return null;
  // Two invitees' deposits confirmed at once then count one after the other, and the second count
  // sees the first (READ COMMITTED reads anew per statement).
  await lockUserRow(tx, inviterId);
  const { qualified } = await repo.inviteeCounts(tx, inviterId);
  const settings = await readPlatformSettings(tx);
  // This process serves the new level at once; others within the session cache's few seconds.
  await setReferralLevel(tx, inviterId, referralLevelFor(settings.referral.levels, qualified));
  return inviterId;
}

/** When the level table changes, inside the transaction that stores it: every level follows the new table. */
export async function onLevelTableChanged(tx: Tx, settings: ReferralSettings): Promise<void> {
  await setReferralLevels(tx, repo.allLevelsQuery(settings.levels.map((l) => l.minInvitees)));
}

/** What settlement tells the referral capability about each order it settled. */
export interface SettledOrderFee {
  id: number;
  userId: number;
  fee: bigint;
  status: 'won' | 'lost' | 'tie' | 'void';
}

/**
 * The cashback journals for a batch of settled orders, to post in the settlement's own transaction
 * and ledger call: for each order that kept a fee (not void) and whose user has a direct inviter,
 * the inviter's level rate of the fee, rounded down, from `platform:referral` to the inviter's
 * `available`. Keyed `referral:order:<id>`, so an order pays its inviter once, ever. One query finds
 * every inviter and level of the batch; the level table is read only when there is one.
 */
export async function referralCashbackJournals(
  tx: DbOrTx,
  settled: readonly SettledOrderFee[],
): Promise<JournalInput[]> {
  const earning = settled.filter((o) => o.status !== 'void' && o.fee > 0n);
  if (earning.length === 0) return [];
  const inviters = await repo.invitersOf(tx, [...new Set(earning.map((o) => o.userId))]);
  if (inviters.length === 0) return [];
  const inviterOf = new Map(inviters.map((i) => [i.userId, i]));
  const { levels } = (await readPlatformSettings(tx)).referral;
  const journals: JournalInput[] = [];
  for (const order of earning) {
    const inviter = inviterOf.get(order.userId);
    if (!inviter) continue;
    const level = Math.min(Math.max(inviter.inviterLevel, 1), REFERRAL_LEVEL_COUNT);
    const amount = referralCashbackMinor(order.fee, levels[level - 1]!.rateBp);
    if (amount === 0n) continue;
    journals.push({
      kind: 'referral_cashback',
      idempotencyKey: `referral:order:${order.id}`,
      reference: { type: 'order', id: order.id },
      postings: [
        { account: { platform: 'referral' }, amount: -amount },
        { account: { userId: inviter.inviterId, kind: 'available' }, amount },
      ],
    });
  }
  return journals;
}

/** `user/invite`: the user's code, link, level with the table, cashback, and one page of their direct invitees. */
export async function inviteOverview(
  db: DbOrTx,
  userId: number,
  options: { origin: string; settings: ReferralSettings; page: { page: number; pageSize: number } },
): Promise<InviteOverview> {
  const [me, counts, totalCashback, invitees] = await Promise.all([
    repo.inviterRow(db, userId),
    repo.inviteeCounts(db, userId),
    repo.totalCashbackMinor(db, userId),
    repo.inviteePage(db, userId, options.page),
  ]);
  if (!me) throw new AppError('user_not_found');
  const levels = levelTable(options.settings);
  const current = levels[me.level - 1] ?? levels[0]!;
  return {
    inviteCode: me.inviteCode,
    inviteLink: `${options.origin}/reg?code=${encodeURIComponent(me.inviteCode)}`,
    level: current.level,
    rateBp: current.rateBp,
    qualifiedInvitees: counts.qualified,
    totalInvitees: counts.total,
    nextLevel: levels[current.level] ?? null,
    totalCashback: formatAmount(totalCashback),
    currency: 'USDT',
    levels,
    invitees: {
      list: invitees.map((i) => ({
        username: maskUsername(i.username),
        phone: maskPhone(i.phone),
        joinedAt: i.createdAt.toISOString(),
        hasDeposit: i.hasDeposit,
        settledOrders: i.settledOrders,
        volume: formatAmount(i.volumeMinor),
        cashback: formatAmount(i.cashbackMinor),
      })),
      total: counts.total,
      ...options.page,
    },
  };
}
