import type {
  LoginChallenge,
  LoginTwoFactorRequest,
  RecoveryCodes,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@app/contract/two-factor';
import type { Db, DbOrTx } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import type { DomainEventMap } from '../../domain-events.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import { isTotpCode, newTotpSecret, totpStepOf, totpUri } from '../../lib/totp.js';
import { checkMoneyMoveAnswer, hasPasskey, parseMoneyMoveAnswer } from '../passkeys/passkeys.service.js';
import type { LoginStepUser } from '../users/sessions.service.js';
import {
  assertLoginPasswordAgain,
  assertNotLocked,
  finishLogin,
  NO_SECOND_FACTOR,
  type RequestMeta,
  recordSecondFactorChange,
  recordSecondFactorFailure,
  type SecondFactorPass,
  type SessionUser,
} from '../users/users.service.js';
import { newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.js';
import * as repo from './two-factor.repo.js';
import type { UserTotpRow } from './two-factor.tables.js';
import type { TwoFactorKey } from './two-factor-key.js';

/**
 * The user's TOTP (issue 14). Where each rule lives:
 * | rule | here |
 * | a money move answered by a passkey instead of a code | `checkMoneyMove` → passkeys.checkMoneyMoveAnswer |
 * | a code is accepted once (ASVS 6.5.1) | `passOf` → repo.takeStep / useRecoveryCode, one conditional UPDATE each |
 * | a wrong code counts like a wrong password | `verifyOrCount` → users.recordSecondFactorFailure (login or money-move counter) |
 * | the password alone opens no session | `challengeFor` (users.login asks it), `completeLogin` |
 * | turning it on needs the login password again and a code from the app | `enable` |
 * | turning it off needs the password and a code | `disable` |
 * | the secret is answered once, at setup | `setup`; `status` and the back office never read it |
 * Time is `Date.now()` (tests fake it): a code is checked against the step of that moment.
 */

type UserRow = SessionUser['user'];

/** The name an authenticator app shows beside the user's codes. */
const TOTP_ISSUER = 'Vela';

/** How long the step between the password and the code may take. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;

/** The at-rest key, loaded when first needed (a process whose users never use TOTP never makes one). */
export type KeySource = () => TwoFactorKey;

export type SecondFactorChange = DomainEventMap['secondFactorChanged'][0]['change'];

type Verified = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

async function enabledTotp(db: DbOrTx, userId: number): Promise<UserTotpRow | undefined> {
  const row = await repo.findTotp(db, userId);
  return row?.status === 'enabled' ? row : undefined;
}

/**
 * Which step or recovery code `code` is, or null when it is wrong. A code already used is still
 * "right" here: taking it (`passOf`) refuses it, inside the caller's transaction, so that a replayed
 * request (same Idempotency-Key) gets its stored answer instead of a refusal.
 */
async function verify(db: DbOrTx, key: TwoFactorKey, totp: UserTotpRow, code: string): Promise<Verified | null> {
  if (isTotpCode(code)) {
    const step = totpStepOf(key.decrypt(totp.secretCiphertext, totp.userId), code, Date.now());
    return step === null ? null : { kind: 'totp', step };
  }
  const found = await repo.findRecoveryCode(
    db,
    totp.userId,
    key.hashRecoveryCode(normaliseRecoveryCode(code), totp.userId),
  );
  return found ? { kind: 'recovery', id: found.id } : null;
}

/** `verify`, a wrong code counted on the user's counter (and the lock it may set answered). */
async function verifyOrCount(
  db: Db,
  key: TwoFactorKey,
  totp: UserTotpRow,
  code: string,
  counter: 'login' | 'pay',
): Promise<Verified> {
  const verified = await verify(db, key, totp, code);
  if (!verified) throw await recordSecondFactorFailure(db, totp.userId, counter);
  return verified;
}

function passOf(userId: number, verified: Verified): SecondFactorPass {
  return {
    async spend(db) {
      const taken =
        verified.kind === 'totp'
          ? await repo.takeStep(db, userId, verified.step)
          : await repo.useRecoveryCode(db, verified.id);
      if (!taken) throw new AppError('two_factor_code_used');
    },
  };
}

/**
 * Before a money move (withdrawal, card or address, earn subscription, payment password): nothing
 * for a user without TOTP; else the code must be right (a wrong one counts toward the money-move
 * lock, like a wrong payment password) and the pass it answers is spent in the move's transaction.
 */
export async function checkMoneyMove(
  db: Db,
  key: KeySource,
  userId: number,
  code: string | undefined,
): Promise<SecondFactorPass> {
  // A passkey answers in the same field (issue 14): its own checks, its own single-use challenge.
  const passkeyAnswer = parseMoneyMoveAnswer(code);
  if (passkeyAnswer) return checkMoneyMoveAnswer(db, userId, passkeyAnswer);
  const totp = await enabledTotp(db, userId);
  if (!totp) {
    // A user whose second factor is a passkey only: the move needs its answer.
    if (!(await hasPasskey(db, userId))) return NO_SECOND_FACTOR;
    await assertNotLocked(db, userId, 'pay');
    throw new AppError('two_factor_required');
  }
  await assertNotLocked(db, userId, 'pay');
  if (!code) throw new AppError('two_factor_required');
  return passOf(userId, await verifyOrCount(db, key(), totp, code, 'pay'));
}

/** users.login asks this after a right password: a challenge when the user has TOTP on. */
export async function challengeFor(db: Db, userId: number): Promise<LoginChallenge | null> {
  if (!(await enabledTotp(db, userId))) return null;
  const challenge = newSessionToken();
  const expiresAt = await repo.insertChallenge(db, userId, hashToken(challenge), LOGIN_CHALLENGE_TTL_MS);
  return { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * `user/login_two_factor`: the challenge of a right password and a right code open the session. A
 * wrong code counts toward the login lock like a wrong password; the challenge, the code and the
 * login are taken in one transaction, so each works once. `stepUser` learns whose sign-in it is as
 * soon as the challenge tells, so that a refusal goes into that user's login history.
 */
export async function completeLogin(
  db: Db,
  key: KeySource,
  input: LoginTwoFactorRequest,
  meta: RequestMeta,
  stepUser: LoginStepUser = {},
): Promise<{ token: string; user: UserRow }> {
  const challenge = await repo.findLiveChallenge(db, hashToken(input.challenge));
  if (!challenge) throw new AppError('login_challenge_expired');
  stepUser.userId = challenge.userId;
  const user = await assertNotLocked(db, challenge.userId, 'login');
  if (user.status === 'disabled') throw new AppError('account_disabled');
  const totp = await enabledTotp(db, user.id);
  // Turned off (or reset) since the password step: that challenge is worth nothing now.
  if (!totp) throw new AppError('login_challenge_expired');
  const pass = passOf(user.id, await verifyOrCount(db, key(), totp, input.code, 'login'));
  const token = await transact(db, async (tx) => {
    if (!(await repo.useChallenge(tx, challenge.id))) throw new AppError('login_challenge_expired');
    await pass.spend(tx);
    return finishLogin(tx, user.id, meta);
  });
  return { token, user };
}

export async function status(db: DbOrTx, userId: number): Promise<TwoFactorStatus> {
  const totp = await enabledTotp(db, userId);
  if (!totp) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: totp.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: await repo.countUnusedRecoveryCodes(db, userId),
  };
}

export async function isEnabled(db: DbOrTx, userId: number): Promise<boolean> {
  return (await enabledTotp(db, userId)) !== undefined;
}

/** Starts (or restarts) a setup: a new secret, pending until a code from it confirms it. The only answer with the secret. */
export async function setup(db: Db, key: KeySource, user: UserRow): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await repo.savePendingSecret(db, user.id, key().encrypt(secret, user.id)))) {
    throw new AppError('two_factor_already_enabled');
  }
  return { secret, otpauthUri: totpUri(secret, TOTP_ISSUER, user.username) };
}

/**
 * Confirms the setup with the login password again (a wrong one counted toward the money-move lock,
 * as adding a passkey does) and a code from the app: TOTP is on, and ten recovery codes are answered once.
 */
export async function enable(
  db: Db,
  key: KeySource,
  userId: number,
  input: TwoFactorEnableRequest,
): Promise<RecoveryCodes> {
  const totp = await repo.findTotp(db, userId);
  if (totp?.status === 'enabled') throw new AppError('two_factor_already_enabled');
  if (!totp) throw new AppError('two_factor_setup_not_started');
  await assertLoginPasswordAgain(db, userId, input.password);
  const k = key();
  const step = totpStepOf(k.decrypt(totp.secretCiphertext, userId), input.code, Date.now());
  if (step === null) throw new AppError('two_factor_code_incorrect');
  const recoveryCodes = newRecoveryCodes();
  await transact(db, async (tx) => {
    if (!(await repo.enablePending(tx, userId, totp.secretCiphertext, step))) {
      throw new AppError('two_factor_setup_not_started');
    }
    await repo.replaceRecoveryCodes(tx, userId, hashesOf(k, userId, recoveryCodes));
    await recordSecondFactorChange(tx, userId);
  });
  return { recoveryCodes };
}

/** Turns TOTP off: the login password and a code (or recovery code), each wrong one counted. */
export async function disable(db: Db, key: KeySource, userId: number, input: TwoFactorDisableRequest): Promise<void> {
  const totp = await enabledTotp(db, userId);
  if (!totp) throw new AppError('two_factor_not_enabled');
  await assertLoginPasswordAgain(db, userId, input.password);
  const pass = passOf(userId, await verifyOrCount(db, key(), totp, input.code, 'pay'));
  await transact(db, async (tx) => {
    await pass.spend(tx);
    await removeSecondFactor(tx, userId);
  });
}

/** Ten new recovery codes for a code (or recovery code); the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Db,
  key: KeySource,
  userId: number,
  code: string,
): Promise<RecoveryCodes> {
  const totp = await enabledTotp(db, userId);
  if (!totp) throw new AppError('two_factor_not_enabled');
  await assertNotLocked(db, userId, 'pay');
  const k = key();
  const pass = passOf(userId, await verifyOrCount(db, k, totp, code, 'pay'));
  const recoveryCodes = newRecoveryCodes();
  await transact(db, async (tx) => {
    await pass.spend(tx);
    await repo.replaceRecoveryCodes(tx, userId, hashesOf(k, userId, recoveryCodes));
    await recordSecondFactorChange(tx, userId);
  });
  return { recoveryCodes };
}

/** Removes a user's TOTP, recovery codes and open challenges (turning off; an operator's reset). */
export async function removeSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const removed = await repo.deleteTotp(db, userId);
  await repo.replaceRecoveryCodes(db, userId, []);
  await repo.deleteUserChallenges(db, userId);
  if (removed) await recordSecondFactorChange(db, userId);
  return removed;
}

function hashesOf(key: TwoFactorKey, userId: number, codes: readonly string[]): string[] {
  return codes.map((code) => key.hashRecoveryCode(normaliseRecoveryCode(code), userId));
}

export { enabledUserIds } from './two-factor.repo.js';
