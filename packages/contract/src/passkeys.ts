import { z } from 'zod';
import { twoFactorCodeField } from './two-factor.js';

/**
 * The user's passkeys (WebAuthn, issue 14): several per user, named; a sign-in without the
 * password; the second factor of a money move (its answer rides in `twoFactorCode`, two-factor.ts).
 * The WebAuthn options and answers are the JSON shapes of `@simplewebauthn/browser`; the server's
 * library checks their insides, so here they are only bounded.
 */

export const PASSKEYS_PER_USER_MAX = 10;
export const PASSKEY_NAME_LENGTH_MAX = 40;

const passwordSchema = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .max(256, 'password_invalid');

export const passkeyNameSchema = z
  .string({ error: 'passkey_name_required' })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'passkey_name_required').max(PASSKEY_NAME_LENGTH_MAX, 'passkey_name_invalid'));

/** A base64url value inside an answer; bounded so nothing large is parsed. */
const b64url = (max: number) =>
  z
    .string({ error: 'passkey_answer_invalid' })
    .max(max, 'passkey_answer_invalid')
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'passkey_answer_invalid');

/** What `navigator.credentials.create` answered (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: 'passkey_answer_invalid' }),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** What `navigator.credentials.get` answered (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: 'passkey_answer_invalid' }),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: b64url(512).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the user's devices (a cloud keychain) or kept on one device. */
  isBackedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ list: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** The WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed through. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** `user/passkeys/register_options`: adding a passkey needs the login password again. */
export const passkeyRegisterOptionsRequestSchema = z.strictObject({ password: passwordSchema });
export type PasskeyRegisterOptionsRequest = z.infer<typeof passkeyRegisterOptionsRequestSchema>;

export const passkeyRegisterRequestSchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

const passkeyIdSchema = z
  .string({ error: 'invalid' })
  .regex(/^\d{1,15}$/, 'invalid')
  .transform((v) => Number(v));

export const passkeyRenameRequestSchema = z.strictObject({ id: passkeyIdSchema, name: passkeyNameSchema });
export type PasskeyRenameRequest = z.infer<typeof passkeyRenameRequestSchema>;

/**
 * Removing one needs the login password again and a second factor: a TOTP code (or recovery code) or
 * a passkey's answer to `user/passkeys/money_move_options` (this passkey's too), in `twoFactorCode`.
 */
export const passkeyRemoveRequestSchema = z.strictObject({
  id: passkeyIdSchema,
  password: passwordSchema,
  ...twoFactorCodeField,
});
export type PasskeyRemoveRequest = z.infer<typeof passkeyRemoveRequestSchema>;

/** `user/login_passkey`: the answer to a `user/passkeys/login_options` challenge opens a session. */
export const passkeyLoginRequestSchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

/** The back office's view of a user's passkeys: how many (never a key). */
export const adminPasskeysSchema = z.object({ count: z.number().int().min(0) });
export type AdminPasskeys = z.infer<typeof adminPasskeysSchema>;
