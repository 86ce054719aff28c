import type {
  AdminWithdrawalDestinations,
  Bank,
  BankCard,
  RemoveWalletRequest,
  SaveBankRequest,
  SaveWalletRequest,
  WalletAddress,
} from '@app/contract/wallet';
import { WALLET_ADDRESSES_MAX } from '@app/contract/wallet';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { NO_SECOND_FACTOR, type SecondFactorPass, verifyPayPassword } from '../users/users.service.js';
import { isValidTronAddress } from './tron.js';
import { bankCards, banks, walletAddresses } from './wallet.tables.js';
import { type Cooldown, cooldownOf, getWithdrawProtection, usableAtText } from './withdraw-cooldown.service.js';

/** Where a user's money may go: their one bank card and up to five TRC20 addresses (DESIGN.md 6.3). */

export function maskCardNumber(cardNumber: string): string {
  return `**** **** **** ${cardNumber.slice(-4)}`;
}

export async function listEnabledBanks(db: DbOrTx): Promise<Bank[]> {
  const rows = await db.select().from(banks).where(eq(banks.enabled, true)).orderBy(asc(banks.sort), asc(banks.id));
  return rows.map((b) => ({ id: String(b.id), name: b.name }));
}

type BankCardRow = typeof bankCards.$inferSelect;

/** `currency`: the currency the card's bank is paid in (bankCurrencyOf); `cooldown`: when it may receive money. */
export function toBankCard(row: BankCardRow, currency: string | null, cooldown: Cooldown): BankCard {
  return {
    bankName: row.bankName,
    holderName: row.holderName,
    cardNumber: maskCardNumber(row.cardNumber),
    branch: row.branch,
    city: row.city,
    province: row.province,
    remark: row.remark,
    updatedAt: row.updatedAt.toISOString(),
    currency,
    boundAt: row.boundAt.toISOString(),
    usableAt: usableAtText(row.boundAt, cooldown),
  };
}

/**
 * The currency a bank's cards are paid in, from the bank list finance keeps (a card names its bank as
 * it was chosen from that list). Null for a bank not on the list or without a currency.
 */
export async function bankCurrencyOf(db: DbOrTx, bankName: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: banks.currency })
    .from(banks)
    .where(sql`lower(${banks.name}) = lower(${bankName})`)
    .orderBy(asc(banks.id))
    .limit(1);
  return row?.currency ?? null;
}

export async function findBankCard(db: DbOrTx, userId: number): Promise<BankCardRow | undefined> {
  const [row] = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  return row;
}

/**
 * A replaced card (another number, bank or holder) is bound anew: its cooldown starts again. Editing
 * the branch, city or remark of the same card keeps its bound-at time.
 */
const BOUND_AT_ON_REPLACE = sql.raw(
  `CASE WHEN "bank_cards"."card_number" = excluded."card_number" AND "bank_cards"."bank_name" = excluded."bank_name"
     AND "bank_cards"."holder_name" = excluded."holder_name" THEN "bank_cards"."bound_at" ELSE excluded."bound_at" END`,
);

/** Binds the user's card, or replaces the one bound before; confirmed by the payment password. */
export async function saveBankCard(
  db: Db,
  userId: number,
  input: SaveBankRequest,
  cooldown: Cooldown,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<BankCard> {
  await verifyPayPassword(db, userId, input.payPassword);
  const values = {
    bankName: input.bankName,
    holderName: input.holderName,
    cardNumber: input.cardNumber,
    branch: input.branch,
    city: input.city,
    province: input.province,
    remark: input.remark ?? null,
  };
  const row = await db.transaction(async (tx) => {
    await secondFactor.spend(tx);
    const [saved] = await tx
      .insert(bankCards)
      .values({ userId, ...values, boundAt: cooldown.now })
      .onConflictDoUpdate({
        target: bankCards.userId,
        set: { ...values, updatedAt: sql`now()`, boundAt: BOUND_AT_ON_REPLACE },
      })
      .returning();
    return saved;
  });
  return toBankCard(row!, await bankCurrencyOf(db, row!.bankName), cooldown);
}

type WalletAddressRow = typeof walletAddresses.$inferSelect;

export function toWalletAddress(row: WalletAddressRow, cooldown: Cooldown): WalletAddress {
  return {
    id: String(row.id),
    network: 'TRC20',
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    boundAt: row.boundAt.toISOString(),
    usableAt: usableAtText(row.boundAt, cooldown),
  };
}

export async function listWalletAddresses(db: DbOrTx, userId: number, cooldown: Cooldown): Promise<WalletAddress[]> {
  const rows = await db
    .select()
    .from(walletAddresses)
    .where(eq(walletAddresses.userId, userId))
    .orderBy(asc(walletAddresses.id));
  return rows.map((row) => toWalletAddress(row, cooldown));
}

export async function findWalletAddress(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)));
  return row;
}

export async function saveWalletAddress(
  db: Db,
  userId: number,
  input: SaveWalletRequest,
  cooldown: Cooldown,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<WalletAddress> {
  if (!isValidTronAddress(input.address)) throw new AppError('wallet_address_invalid');
  await verifyPayPassword(db, userId, input.payPassword);
  try {
    return await db.transaction(async (tx) => {
      await secondFactor.spend(tx);
      // Serialise one user's bindings so the limit of five holds under parallel requests.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_262_100}, ${userId})`);
      const [existing] = await tx
        .select({ n: count() })
        .from(walletAddresses)
        .where(eq(walletAddresses.userId, userId));
      if ((existing?.n ?? 0) >= WALLET_ADDRESSES_MAX) throw new AppError('wallet_address_limit');
      const [row] = await tx
        .insert(walletAddresses)
        .values({ userId, address: input.address, label: input.label || null, boundAt: cooldown.now })
        .returning();
      return toWalletAddress(row!, cooldown);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'wallet_addresses_user_address_key')) throw new AppError('wallet_address_taken');
    throw error;
  }
}

/**
 * Removes one of the user's addresses at once (issue 14: only binding waits), confirmed by the payment
 * password and the second factor. A withdrawal already requested to it keeps its recorded destination.
 */
export async function removeWalletAddress(
  db: Db,
  userId: number,
  input: RemoveWalletRequest,
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<void> {
  await verifyPayPassword(db, userId, input.payPassword);
  await db.transaction(async (tx) => {
    await secondFactor.spend(tx);
    const removed = await tx
      .delete(walletAddresses)
      .where(and(eq(walletAddresses.id, Number(input.walletId)), eq(walletAddresses.userId, userId)))
      .returning({ id: walletAddresses.id });
    if (removed.length === 0) throw new AppError('wallet_not_found');
  });
}

export async function hasBankCardOrWallet(db: DbOrTx, userId: number) {
  const [card, wallets] = await Promise.all([
    db.select({ userId: bankCards.userId }).from(bankCards).where(eq(bankCards.userId, userId)).limit(1),
    db.select({ id: walletAddresses.id }).from(walletAddresses).where(eq(walletAddresses.userId, userId)).limit(1),
  ]);
  return { hasBankCard: card.length > 0, hasWallet: wallets.length > 0 };
}

/** The back office's view of a user's destinations (issue 14): bound-at times, cooldowns and the setting. */
export async function withdrawalDestinationsOf(
  db: DbOrTx,
  userId: number,
  cooldownHours: number,
  now: Date,
): Promise<AdminWithdrawalDestinations> {
  const cooldown = await cooldownOf(db, userId, cooldownHours, now);
  const [protection, card, addresses] = await Promise.all([
    getWithdrawProtection(db, userId, cooldownHours, now),
    findBankCard(db, userId),
    listWalletAddresses(db, userId, cooldown),
  ]);
  return {
    protection,
    card: card
      ? {
          bankName: card.bankName,
          cardNumber: maskCardNumber(card.cardNumber),
          boundAt: card.boundAt.toISOString(),
          usableAt: usableAtText(card.boundAt, cooldown),
        }
      : null,
    addresses: addresses.map(({ id, address, label, boundAt, usableAt }) => ({
      id,
      address,
      label,
      boundAt,
      usableAt,
    })),
  };
}
