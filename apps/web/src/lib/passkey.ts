import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { apiPost } from './api/client';
import { i18n } from './i18n';

// The browser's side of passkeys (issue 14), shared by the login page, the passkeys screen and the
// payment password sheet. @simplewebauthn/browser loads only when a passkey is used, not with /login.
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** The user closed the browser's prompt, or it timed out: nothing was sent; the message says so. */
export class PasskeyPromptError extends Error {
  readonly isCancelled: boolean;
  constructor(isCancelled: boolean) {
    super(i18n.t(isCancelled ? 'passkeyPrompt.cancelled' : 'passkeyPrompt.unsupported'));
    this.name = 'PasskeyPromptError';
    this.isCancelled = isCancelled;
  }
}

export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The browser's errors of a ceremony the user did not finish, as one clear refusal; others pass through. */
function asPromptError(error: unknown): unknown {
  const name = error instanceof Error ? error.name : '';
  // WebAuthnError keeps the DOMException it came from in `cause`.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  if ([name, cause].some((n) => n === 'NotAllowedError' || n === 'AbortError')) return new PasskeyPromptError(true);
  if ([name, cause].some((n) => n === 'NotSupportedError')) return new PasskeyPromptError(false);
  return error;
}

export async function createPasskeyAnswer(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  if (!canUsePasskeys()) throw new PasskeyPromptError(false);
  const { startRegistration } = await loadWebAuthn();
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    throw asPromptError(error);
  }
}

export async function getPasskeyAnswer(options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  if (!canUsePasskeys()) throw new PasskeyPromptError(false);
  const { startAuthentication } = await loadWebAuthn();
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw asPromptError(error);
  }
}

const PASSKEY_ANSWER_PREFIX = 'passkey:';

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A money move's second factor from a passkey: a fresh challenge from the server, the browser's
 * prompt, and the answer in the form `twoFactorCode` carries (`passkey:` + base64url JSON).
 */
export async function passkeyMoneyMoveCode(): Promise<string> {
  const { options } = await apiPost<{ options: Record<string, unknown> }>('/user/passkeys/money_move_options', {});
  const answer = await getPasskeyAnswer(options);
  // The answer is base64url strings and ASCII names only: btoa takes it as it is.
  return `${PASSKEY_ANSWER_PREFIX}${base64url(JSON.stringify(answer))}`;
}
