import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/contract/two-factor';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const ISSUER = 'Vela';
const PERIOD_SECONDS = 30;
/** One step either side of now is accepted, for a phone clock a little off. */
const DRIFT_STEPS = 1;

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
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

export function totpUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString();
}

/**
 * The time step (Unix seconds / 30) the code belongs to, or null when it is wrong. `nowMs` comes
 * from the caller's clock (Date.now(), which tests fake), never read here.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of the step at `nowMs` (tests; an authenticator app does this on the phone). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32, 'x').generate({ timestamp: nowMs });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes of 50 random bits each, written `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (byte) => BASE32[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as it is hashed: lower case, no dash or spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
