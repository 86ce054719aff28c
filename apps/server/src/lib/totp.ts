import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app reads them: SHA-1, six digits,
 * 30-second steps. Used by the users' second factor and by the back office's operator sign-in.
 */
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone clock a little off. */
const DRIFT_STEPS = 1;

function totpFor(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app scans: `issuer` names the service, `label` the account. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpFor(secretBase32, issuer, label).toString();
}

/**
 * The time step (Unix seconds / 30) the code belongs to, or null when it is wrong. `nowMs` comes from
 * the caller's clock (Date.now(), which tests fake), never read here; the caller accepts each step once
 * per account.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpFor(secretBase32, '', 'x').validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of the step at `nowMs` (tests; an authenticator app does this on the phone). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32, '', 'x').generate({ timestamp: nowMs });
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
