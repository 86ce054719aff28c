import { randomBytes } from 'node:crypto';
import { isFiatCurrency, isRateText } from '@app/contract/fiat';
import type { BankAccount, WalletRules } from '@app/contract/wallet-rules';
import { AppError } from '../../http/app-error.js';
import type { AuditActor } from '../audit/audit.service.js';
import type { PlatformSettings, SettingsService } from '../settings/settings.service.js';

/** The wallet rules finance sets (minimums, fees, limits, receiving accounts); stored and audited by the settings service. */

/** Rules held as amount strings; the schema takes any string, so each must be a plain amount of at most six decimals. */
const AMOUNT_RULES = [
  'depositMinAmount',
  'withdrawMinAmount',
  'withdrawFeeFixed',
  'withdrawSecondApprovalFrom',
] as const;

export async function saveWalletRules(
  settings: SettingsService,
  rules: WalletRules,
  actor: AuditActor,
): Promise<PlatformSettings> {
  const fieldKeys: Record<string, string> = {};
  for (const key of AMOUNT_RULES) {
    if (!/^\d+(\.\d{1,6})?$/.test(rules[key])) fieldKeys[key] = 'amount_invalid';
  }
  rules.bankAccounts.forEach((account, index) => {
    Object.assign(fieldKeys, bankAccountProblems(account, `bankAccounts.${index}`));
  });
  const seen = new Set<string>();
  rules.bankAccounts.forEach(({ id }, index) => {
    if (id !== '' && seen.has(id)) fieldKeys[`bankAccounts.${index}.id`] = 'bank_account_id_taken';
    seen.add(id);
  });
  if (Object.keys(fieldKeys).length > 0) throw new AppError('validation_failed', { fieldKeys });
  await settings.update({ wallet: { ...rules, bankAccounts: withIds(rules.bankAccounts) } }, actor);
  return settings.get();
}

/**
 * An account users are told to send money to needs its bank, holder and number. Its currency and rate:
 * both empty (the account takes USDT amounts), or a known currency with a positive rate.
 */
function bankAccountProblems(account: BankAccount, path: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (account.bankName === '') problems[`${path}.bankName`] = 'bank_name_required';
  if (account.holderName === '') problems[`${path}.holderName`] = 'holder_name_required';
  if (account.cardNumber === '') problems[`${path}.cardNumber`] = 'card_number_required';
  if (account.currency !== '' || account.rate !== '') {
    if (!isFiatCurrency(account.currency)) problems[`${path}.currency`] = 'currency_invalid';
    if (!isRateText(account.rate)) problems[`${path}.rate`] = 'rate_invalid';
  }
  return problems;
}

/**
 * A new account (no id yet) gets a random one: an id is never reused, so a deposit screen left open on a
 * removed account is refused (bank_account_unavailable) instead of landing on a different account.
 */
function withIds(accounts: BankAccount[]): BankAccount[] {
  return accounts.map((account) => (account.id ? account : { ...account, id: randomBytes(4).toString('hex') }));
}
