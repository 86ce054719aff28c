import {
  PASSKEYS_PER_USER_MAX,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyOptions,
  type PasskeyRegisterRequest,
  passkeyAuthenticationResponseSchema,
} from '@app/contract/passkeys';
import { PASSKEY_ANSWER_PREFIX } from '@app/contract/two-factor';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import type { LoginStepUser } from '../users/sessions.service.js';
import {
  assertLoginPasswordAgain,
  assertNotLocked,
  type FailureCounter,
  finishLogin,
  type RequestMeta,
  recordSecondFactorChange,
  recordSecondFactorFailure,
  type SecondFactorPass,
  type SessionUser,
} from '../users/users.service.js';
import * as repo from './passkeys.repo.js';
import type { PasskeyChallengeRow, UserPasskeyRow } from './passkeys.tables.js';

/**
 * The user's passkeys (WebAuthn, issue 14). Where each rule lives:
 * | rule | here |
 * | a challenge is the server's, works once and only for 5 minutes | `newChallenge`, `challengeOf` + repo.useChallenge (one conditional UPDATE) |
 * | the answer is signed by that user's registered key, for our relying party and origin | `verifyAssertion` (@simplewebauthn/server) |
 * | the authenticator's counter only moves on (a copy or a replay shows itself) | repo.takeCounter, one conditional UPDATE, in the caller's transaction |
 * | adding or removing one needs the login password again (wrong ones counted) | users.assertLoginPasswordAgain |
 * | removing one needs a second factor too (a code, or a passkey's answer) | `remove`, through the two-factor gate |
 * | a passkey sign-in opens a session like a password and second factor do | `completeLogin` → users.finishLogin |
 * | a passkey answers the second factor of a money move | `checkMoneyMoveAnswer` (the two-factor gate asks it) |
 * Time is `Date.now()` (tests fake it).
 */

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** Where the browser's answers must come from: config (WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN) or the request's host. */
export interface RelyingParty {
  rpId: string;
  origin: string;
  rpName: string;
}

type Purpose = PasskeyChallengeRow['purpose'];

function toPasskey(row: UserPasskeyRow): Passkey {
  return {
    id: String(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isBackedUp: row.isBackedUp,
  };
}

export async function list(db: DbOrTx, userId: number): Promise<Passkey[]> {
  return (await repo.listPasskeys(db, userId)).map(toPasskey);
}

export async function hasPasskey(db: DbOrTx, userId: number): Promise<boolean> {
  return (await repo.countPasskeys(db, userId)) > 0;
}

export const countPasskeys = repo.countPasskeys;

async function newChallenge(db: DbOrTx, rp: RelyingParty, purpose: Purpose, userId: number | null): Promise<string> {
  const challenge = newSessionToken();
  await repo.insertChallenge(
    db,
    { userId, purpose, challengeHash: hashToken(challenge), rpId: rp.rpId, origin: rp.origin },
    PASSKEY_CHALLENGE_TTL_MS,
  );
  return challenge;
}

/** The challenge the browser signed (from its client data), if it is one of ours for this purpose and still live. */
async function challengeOf(db: DbOrTx, clientDataJSON: string, purpose: Purpose): Promise<PasskeyChallengeRow> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))?.challenge;
  } catch {
    throw new AppError('passkey_verification_failed');
  }
  if (typeof challenge !== 'string' || challenge.length > 128) throw new AppError('passkey_verification_failed');
  const row = await repo.findChallenge(db, hashToken(challenge), purpose);
  if (!row) throw new AppError('passkey_challenge_expired');
  return row;
}

/** A failed passkey answer counts like a wrong code: on the login counter, or the money-move one. */
async function countFailure(db: Db, userId: number, counter: FailureCounter, refusal: AppError): Promise<AppError> {
  const counted = await recordSecondFactorFailure(db, userId, counter);
  return counted.errorName === 'two_factor_code_incorrect' ? refusal : counted;
}

/** `user/passkeys/register_options`: the password again, then the options for `navigator.credentials.create`. */
export async function registerOptions(
  db: Db,
  rp: RelyingParty,
  user: SessionUser['user'],
  password: string,
): Promise<PasskeyOptions> {
  await assertLoginPasswordAgain(db, user.id, password);
  const existing = await repo.listPasskeys(db, user.id);
  if (existing.length >= PASSKEYS_PER_USER_MAX) throw new AppError('passkey_limit_reached');
  const challenge = await newChallenge(db, rp, 'register', user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.username,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(String(user.id)),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The same authenticator twice is refused by the browser already.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // Discoverable, so that the sign-in needs no username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options: options as unknown as Record<string, unknown> };
}

/** `user/passkeys/register`: the browser's answer to the registration challenge becomes a named passkey. */
export async function register(db: Db, userId: number, input: PasskeyRegisterRequest): Promise<Passkey> {
  const challenge = await challengeOf(db, input.response.response.clientDataJSON, 'register');
  if (challenge.userId !== userId) throw new AppError('passkey_challenge_expired');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      // The schema bounded it; the library checks the rest.
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: (c) => hashToken(c) === challenge.challengeHash,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('passkey_verification_failed');
  }
  if (!verified.verified) throw new AppError('passkey_verification_failed');
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  try {
    return await transact(db, async (tx) => {
      if (!(await repo.useChallenge(tx, challenge.id))) throw new AppError('passkey_challenge_expired');
      if ((await repo.countPasskeys(tx, userId)) >= PASSKEYS_PER_USER_MAX) throw new AppError('passkey_limit_reached');
      const row = await repo.insertPasskey(tx, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 10),
        name: input.name,
        deviceType: credentialDeviceType,
        isBackedUp: credentialBackedUp,
      });
      // A new passkey is a second-factor change: withdrawal protection stays on for 24 h after it.
      await recordSecondFactorChange(tx, userId);
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'user_passkeys_credential_id_key')) throw new AppError('passkey_already_registered');
    throw error;
  }
}

export async function rename(db: DbOrTx, userId: number, id: number, name: string): Promise<void> {
  if (!(await repo.renamePasskey(db, userId, id, name))) throw new AppError('passkey_not_found');
}

/** The two-factor gate's check of the second factor (app-wired: that module depends on this one). */
export type SecondFactorCheck = (db: Db) => Promise<SecondFactorPass>;

/**
 * Removes one of the user's passkeys: the login password again and a second factor (a TOTP code or a
 * passkey's answer, this passkey's own too), as turning TOTP off asks both: a session and the
 * password alone must not strip an account of its second factor. The answer is spent in the
 * removal's transaction.
 */
export async function remove(
  db: Db,
  userId: number,
  id: number,
  password: string,
  checkSecondFactor: SecondFactorCheck,
): Promise<void> {
  await assertLoginPasswordAgain(db, userId, password);
  const pass = await checkSecondFactor(db);
  await transact(db, async (tx) => {
    await pass.spend(tx);
    if (!(await repo.deletePasskey(tx, userId, id))) throw new AppError('passkey_not_found');
    await recordSecondFactorChange(tx, userId);
  });
}

/** Options for `navigator.credentials.get`: any of the user's passkeys (a money move), or any discoverable one (a sign-in). */
async function assertionOptions(
  db: Db,
  rp: RelyingParty,
  purpose: 'login' | 'money_move',
  userId: number | null,
): Promise<PasskeyOptions> {
  const passkeys = userId === null ? [] : await repo.listPasskeys(db, userId);
  if (userId !== null && passkeys.length === 0) throw new AppError('passkey_not_found');
  const challenge = await newChallenge(db, rp, purpose, userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: purpose === 'login' ? 'required' : 'preferred',
  });
  return { options: options as unknown as Record<string, unknown> };
}

export const loginOptions = (db: Db, rp: RelyingParty) => assertionOptions(db, rp, 'login', null);
export const moneyMoveOptions = (db: Db, rp: RelyingParty, userId: number) =>
  assertionOptions(db, rp, 'money_move', userId);

interface VerifiedAssertion {
  challenge: PasskeyChallengeRow;
  passkey: UserPasskeyRow;
  newCounter: number;
}

/**
 * The signature, the relying party, the origin and the challenge of an answer; null when they do
 * not hold. The counter is not judged here but taken in the caller's transaction (`takeUse`), so a
 * replayed request with its Idempotency-Key still gets its stored answer.
 */
async function verifyAssertion(
  response: PasskeyAuthenticationResponse,
  challenge: PasskeyChallengeRow,
  passkey: UserPasskeyRow,
  requireUserVerification: boolean,
): Promise<number | null> {
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: (c) => hashToken(c) === challenge.challengeHash,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      // Counter 0 here: the library's own check is replaced by the conditional UPDATE.
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: 0 },
      requireUserVerification,
    });
    return verified.verified ? verified.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** Redeems the challenge and moves the counter on, in the caller's transaction: each answer works once. */
async function takeUse(tx: DbOrTx, { challenge, passkey, newCounter }: VerifiedAssertion): Promise<void> {
  if (!(await repo.useChallenge(tx, challenge.id))) throw new AppError('passkey_challenge_expired');
  if (!(await repo.takeCounter(tx, passkey.id, newCounter))) throw new AppError('passkey_counter_invalid');
}

/**
 * `user/login_passkey`: a discoverable passkey's answer to a sign-in challenge opens a session, as a
 * password (and second factor) do. It is a second factor in itself (possession, and the user
 * verified by the device), so no TOTP code follows. A failed answer counts toward the login lock.
 * `stepUser` learns the owner of the passkey the answer names, so that a refusal (a replayed or
 * expired challenge too) goes into that user's login history.
 */
export async function completeLogin(
  db: Db,
  response: PasskeyAuthenticationResponse,
  meta: RequestMeta,
  stepUser: LoginStepUser = {},
): Promise<{ token: string; user: SessionUser['user'] }> {
  const passkey = await repo.findByCredentialId(db, response.id);
  if (passkey) stepUser.userId = passkey.userId;
  const challenge = await challengeOf(db, response.response.clientDataJSON, 'login');
  if (!passkey) throw new AppError('passkey_not_recognised');
  const user = await assertNotLocked(db, passkey.userId, 'login');
  if (user.status === 'disabled') throw new AppError('account_disabled');
  const handle = response.response.userHandle;
  const handleMatches = !handle || Buffer.from(handle, 'base64url').toString('utf8') === String(user.id);
  const newCounter = handleMatches ? await verifyAssertion(response, challenge, passkey, true) : null;
  if (newCounter === null) throw await countFailure(db, user.id, 'login', new AppError('passkey_verification_failed'));
  const token = await transact(db, async (tx) => {
    await takeUse(tx, { challenge, passkey, newCounter });
    return finishLogin(tx, user.id, meta);
  });
  return { token, user };
}

/** The assertion a money move carries in `twoFactorCode` (`passkey:` + base64url JSON); null when it is not one. */
export function parseMoneyMoveAnswer(code: string | undefined): PasskeyAuthenticationResponse | 'malformed' | null {
  if (!code?.startsWith(PASSKEY_ANSWER_PREFIX)) return null;
  try {
    const json = JSON.parse(Buffer.from(code.slice(PASSKEY_ANSWER_PREFIX.length), 'base64url').toString('utf8'));
    const parsed = passkeyAuthenticationResponseSchema.safeParse(json);
    return parsed.success ? parsed.data : 'malformed';
  } catch {
    return 'malformed';
  }
}

/**
 * A passkey's answer as the second factor of a money move: one of this user's passkeys signed this
 * user's money-move challenge. A wrong answer counts toward the money-move lock; the pass it
 * answers redeems the challenge and moves the counter on in the move's own transaction.
 */
export async function checkMoneyMoveAnswer(
  db: Db,
  userId: number,
  response: PasskeyAuthenticationResponse | 'malformed',
): Promise<SecondFactorPass> {
  await assertNotLocked(db, userId, 'pay');
  if (response === 'malformed')
    throw await countFailure(db, userId, 'pay', new AppError('passkey_verification_failed'));
  const challenge = await challengeOf(db, response.response.clientDataJSON, 'money_move');
  const passkey = await repo.findByCredentialId(db, response.id);
  if (!passkey || passkey.userId !== userId || challenge.userId !== userId) {
    throw await countFailure(db, userId, 'pay', new AppError('passkey_not_recognised'));
  }
  const newCounter = await verifyAssertion(response, challenge, passkey, false);
  if (newCounter === null) throw await countFailure(db, userId, 'pay', new AppError('passkey_verification_failed'));
  return { spend: (tx) => takeUse(tx, { challenge, passkey, newCounter }) };
}

/** The number of passkeys of each user (the back office's list and drawer). */
export const passkeyCounts = repo.countPasskeysOf;
