import { fiatMinorOfUsdt, formatFiat, hasFiatRate, isSameRate } from '@app/contract/fiat';
import type { WalletRules } from '@app/contract/wallet-rules';
import { AppError } from '../../http/app-error.js';

/** The fiat columns a bank deposit or withdrawal records (all null for TRC20 or a USDT account). */
export interface LockedFiat {
  fiatCurrency: string | null;
  fiatRate: string | null;
  fiatAmountMinor: bigint | null;
}

/**
 * A bank request against an account kept in a fiat currency locks the server's current rate and the
 * fiat figure of `usdtMinor`. The client's rate is only a check: when it is not the current one the
 * user has seen an old figure, so the request is refused (with the current rate) rather than recorded
 * at a figure they never saw.
 */
export function lockFiat(
  method: string,
  clientRate: string | undefined,
  usdtMinor: bigint,
  rules: WalletRules,
): LockedFiat {
  const none = { fiatCurrency: null, fiatRate: null, fiatAmountMinor: null };
  if (method !== 'bank') return none;
  const account = rules.bankAccount;
  const current = hasFiatRate(account) ? account : null;
  if (clientRate !== undefined && (!current || !isSameRate(clientRate, current.rate)))
    throw new AppError('rate_changed', current ? { currency: current.currency, rate: current.rate } : null);
  if (!current) return none;
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
