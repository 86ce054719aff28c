import { z } from 'zod';
import { type Currency, PRACTICE_CURRENCY } from './ledger.js';
import type { OrderAccount } from './markets.js';
import { moneySchema } from './money.js';

/** Issue 14: the practice account. Every user has 10 000 practice USDT (PUSDT), resettable once a day. */

/** The practice balance given at first use and restored by a reset, in minor units (PUSDT has 6 decimals). */
export const PRACTICE_BALANCE_MINOR = 10_000_000_000n;

/** practice/balance and practice/reset answer the practice balance. */
export const practiceBalanceSchema = z.object({
  currency: z.literal('PUSDT'),
  available: moneySchema,
  /** Stakes of open practice orders. */
  trading: moneySchema,
  total: moneySchema,
  /** When the next reset is allowed (the start of the next platform day), or null when one is allowed now. */
  nextResetAt: z.string().nullable(),
});
export type PracticeBalance = z.infer<typeof practiceBalanceSchema>;

/** The ledger currency an order's stake and payout move in: practice orders move only PUSDT. */
export function currencyOfOrderAccount(account: OrderAccount | undefined): Currency {
  return account === 'practice' ? PRACTICE_CURRENCY : 'USDT';
}
