import { fiatMinorOfUsdt, formatFiat, hasFiatRate, isSameRate } from '@app/contract/fiat';
import type { BankAccount } from '@app/contract/wallet-rules';
import { AppError } from '../../http/app-error.js';

/** The fiat columns a bank deposit or withdrawal records (all null for TRC20 or a USDT account). */
export interface LockedFiat {
  fiatCurrency: string | null;
  fiatRate: string | null;
  fiatAmountMinor: bigint | null;
}

export const NO_FIAT: LockedFiat = { fiatCurrency: null, fiatRate: null, fiatAmountMinor: null };

/**
 * A bank request against an account kept in a fiat currency (the deposit's receiving account, the
 * withdrawal's payout account) locks that account's current rate and the fiat figure of `usdtMinor`. The
 * client's rate is only a check: when it is not the current one the user has seen an old figure, so the
 * request is refused (with the current rate) rather than recorded at a figure they never saw.
 */
export function lockFiat(
  account: Pick<BankAccount, 'currency' | 'rate'> | undefined,
  clientRate: string | undefined,
  usdtMinor: bigint,
): LockedFiat {
  const current = account && hasFiatRate(account) ? account : null;
  if (clientRate !== undefined && (!current || !isSameRate(clientRate, current.rate)))
    throw new AppError('rate_changed', current ? { currency: current.currency, rate: current.rate } : null);
  if (!current) return NO_FIAT;
  return {
    fiatCurrency: current.currency,
    fiatRate: current.rate,
    fiatAmountMinor: fiatMinorOfUsdt(usdtMinor, current.rate, current.currency),
  };
}

/** The recorded fiat as the API answers it. */
export function fiatView(row: LockedFiat): {
  fiatCurrency: string | null;
  fiatRate: string | null;
  fiatAmount: string | null;
} {
  return {
    fiatCurrency: row.fiatCurrency,
    fiatRate: row.fiatRate,
    fiatAmount:
      row.fiatCurrency === null || row.fiatAmountMinor === null
        ? null
        : formatFiat(row.fiatAmountMinor, row.fiatCurrency),
  };
}
