import type { Db } from '../../db/client.js';
import type { LoginSecondStep, SecondFactorPass } from '../users/users.service.js';
import { challengeFor, checkMoneyMove, type KeySource } from './two-factor.service.js';
import { loadTwoFactorKey, type TwoFactorKey } from './two-factor-key.js';

/**
 * What the rest of the app asks of the user's second factor (AppContext.twoFactor): the login's
 * second step (users.login) and the check before every money move (withdrawals, card and address,
 * earn subscriptions, payment password). Built once per app by app.ts, with the at-rest key loaded
 * when first needed.
 */
export interface TwoFactorGate extends LoginSecondStep {
  /**
   * Nothing for a user without TOTP or passkey; else the code (or a passkey's answer, `passkey:…`)
   * must be right (or `two_factor_required`, `two_factor_code_incorrect`, `passkey_*`,
   * `pay_password_locked`). Spend the answer in the move's transaction.
   */
  checkMoneyMove(db: Db, userId: number, code: string | undefined): Promise<SecondFactorPass>;
  /** The at-rest key, for the module's own routes. */
  readonly key: KeySource;
}

export function createTwoFactorGate(options: { dataDir: string; keyHex: string | undefined }): TwoFactorGate {
  let loaded: TwoFactorKey | undefined;
  const key: KeySource = () => {
    loaded ??= loadTwoFactorKey({ dataDir: options.dataDir, keyHex: options.keyHex });
    return loaded;
  };
  return {
    key,
    challengeFor: (db, userId) => challengeFor(db, userId),
    checkMoneyMove: (db, userId, code) => checkMoneyMove(db, key, userId, code),
  };
}
