import type { SetWithdrawProtectionRequest, WithdrawProtection } from '@app/contract/wallet';
import { destinationUsableAt, WITHDRAW_PROTECTION_LOCK_HOURS } from '@app/contract/wallet-rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import {
  lastSecurityChangeAt,
  NO_SECOND_FACTOR,
  type SecondFactorPass,
  verifyPayPassword,
} from '../users/users.service.js';
import { bankCards, walletAddresses, withdrawalProtection } from './wallet.tables.js';

/**
 * Issue 14, "where money may go": a card or address bound (or a card replaced) less than the
 * platform's cooldown ago receives no money while the user keeps the protection on (the default).
 * The user may turn it off, but not within 24 h of a change of their login password, payment password
 * or second factor (whoever took the account over changed one of those first). Time is the server's
 * `Date` (tests drive it), passed in as `now`.
 */

/** What decides whether a destination may receive money now. */
export interface Cooldown {
  hours: number;
  isOn: boolean;
  now: Date;
}

const HOUR_MS = 3_600_000;

export function usableAtText(boundAt: Date, cooldown: Cooldown): string | null {
  return destinationUsableAt(boundAt, cooldown.hours, cooldown.isOn, cooldown.now)?.toISOString() ?? null;
}

export async function isProtectionOn(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isOn: withdrawalProtection.isOn })
    .from(withdrawalProtection)
    .where(eq(withdrawalProtection.userId, userId));
  return row?.isOn ?? true;
}

export async function cooldownOf(db: DbOrTx, userId: number, hours: number, now: Date): Promise<Cooldown> {
  return { hours, isOn: await isProtectionOn(db, userId), now };
}

/** Until when the protection cannot be turned off; null when it can now. */
async function lockedUntilOf(db: DbOrTx, userId: number, now: Date): Promise<Date | null> {
  const changedAt = await lastSecurityChangeAt(db, userId);
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + WITHDRAW_PROTECTION_LOCK_HOURS * HOUR_MS);
  return until.getTime() > now.getTime() ? until : null;
}

export async function getWithdrawProtection(
  db: DbOrTx,
  userId: number,
  cooldownHours: number,
  now: Date,
): Promise<WithdrawProtection> {
  const [isOn, lockedUntil] = await Promise.all([isProtectionOn(db, userId), lockedUntilOf(db, userId, now)]);
  return { isOn, cooldownHours, lockedUntil: lockedUntil?.toISOString() ?? null };
}

/**
 * Turns the protection on (always at once) or off (refused with `withdraw_protection_locked` within
 * 24 h of a security change); confirmed by the payment password and the second factor. `changed`
 * says whether the stored choice moved (the user is told only then).
 */
export async function setWithdrawProtection(
  db: Db,
  userId: number,
  input: SetWithdrawProtectionRequest,
  cooldownHours: number,
  now: Date,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<{ protection: WithdrawProtection; changed: boolean }> {
  await verifyPayPassword(db, userId, input.payPassword);
  const changed = await db.transaction(async (tx) => {
    await secondFactor.spend(tx);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_262_300}, ${userId})`);
    const wasOn = await isProtectionOn(tx, userId);
    if (wasOn === input.isOn) return false;
    if (!input.isOn) {
      const lockedUntil = await lockedUntilOf(tx, userId, now);
      if (lockedUntil) throw new AppError('withdraw_protection_locked', { until: lockedUntil.toISOString() });
    }
    await tx
      .insert(withdrawalProtection)
      .values({ userId, isOn: input.isOn, updatedAt: now })
      .onConflictDoUpdate({ target: withdrawalProtection.userId, set: { isOn: input.isOn, updatedAt: now } });
    return true;
  });
  return { protection: await getWithdrawProtection(db, userId, cooldownHours, now), changed };
}

/**
 * Inside the withdrawal's transaction: the destination is still bound (as it was read before) and, with
 * the protection on, bound longer ago than the cooldown. Refuses with `withdrawal_destination_cooling_down`
 * and the time it becomes usable.
 */
export async function assertDestinationUsable(
  tx: Tx,
  userId: number,
  destination: Record<string, string>,
  cooldownHours: number,
  now: Date,
): Promise<void> {
  const boundAt =
    destination.type === 'bank'
      ? await cardBoundAt(tx, userId, destination)
      : await addressBoundAt(tx, userId, destination);
  const usableAt = usableAtText(boundAt, await cooldownOf(tx, userId, cooldownHours, now));
  if (usableAt) throw new AppError('withdrawal_destination_cooling_down', { usableAt, until: usableAt });
}

async function cardBoundAt(tx: Tx, userId: number, destination: Record<string, string>): Promise<Date> {
  const [row] = await tx
    .select({ boundAt: bankCards.boundAt })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.cardNumber, destination.cardNumber ?? '')));
  // Replaced since it was read: the money would go to a card no longer bound.
  if (!row) throw new AppError('bank_card_required');
  return row.boundAt;
}

async function addressBoundAt(tx: Tx, userId: number, destination: Record<string, string>): Promise<Date> {
  const [row] = await tx
    .select({ boundAt: walletAddresses.boundAt })
    .from(walletAddresses)
    .where(and(eq(walletAddresses.userId, userId), eq(walletAddresses.address, destination.address ?? '')));
  if (!row) throw new AppError('wallet_not_found');
  return row.boundAt;
}
