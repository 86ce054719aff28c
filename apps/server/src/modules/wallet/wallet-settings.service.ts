import { isFiatCurrency, isRateText } from '@app/contract/fiat';
import type { WalletRules } from '@app/contract/wallet-rules';
import { AppError } from '../../http/app-error.js';
import type { AuditActor } from '../audit/audit.service.js';
import type { PlatformSettings, SettingsService } from '../settings/settings.service.js';

/** The wallet rules finance sets (minimums, fees, limits); stored and audited by the settings service. */

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
  for (const key of AMOUNT_RULES) {
    if (!/^\d+(\.\d{1,6})?$/.test(rules[key]))
      throw new AppError('validation_failed', { fieldKeys: { [key]: 'amount_invalid' } });
  }
  const { currency, rate } = rules.bankAccount;
  // Both empty: the account takes USDT. Otherwise a known currency with a positive rate, or nothing changes.
  if (currency !== '' || rate !== '') {
    const fieldKeys: Record<string, string> = {};
    if (!isFiatCurrency(currency)) fieldKeys['bankAccount.currency'] = 'currency_invalid';
    if (!isRateText(rate)) fieldKeys['bankAccount.rate'] = 'rate_invalid';
    if (Object.keys(fieldKeys).length > 0) throw new AppError('validation_failed', { fieldKeys });
  }
  await settings.update({ wallet: rules }, actor);
  return settings.get();
}
