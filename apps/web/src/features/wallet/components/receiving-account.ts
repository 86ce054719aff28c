import type { Lang } from '@app/contract/lang';
import type { BankAccount } from '@app/contract/wallet-rules';

/**
 * The currency a user of each language most likely banks in: Vietnamese → VND, Traditional Chinese →
 * TWD. English says nothing about a country, so it prefers none.
 */
const LANG_CURRENCY: Partial<Record<Lang, string>> = { vn: 'VND', zn: 'TWD' };

/** The receiving account preselected for a language: the first in its currency, else finance's first. */
export function preferredAccountOf(accounts: readonly BankAccount[], lang: string): BankAccount | undefined {
  const currency = LANG_CURRENCY[lang as Lang];
  return accounts.find((account) => currency !== undefined && account.currency === currency) ?? accounts[0];
}
