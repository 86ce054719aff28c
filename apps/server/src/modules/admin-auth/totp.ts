import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Vela Back Office';

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

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

const PERIOD_SECONDS = 30;

/**
 * The time step (Unix seconds / 30) a code belongs to, or null when it is wrong. The current step and
 * one either side are accepted, for clock drift; the caller accepts each step once per account.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of the step at `nowMs` (tests; an authenticator app does this on the phone). */
export function currentTotp(secretBase32: string, nowMs = Date.now()): string {
  return totpFor(secretBase32, 'x').generate({ timestamp: nowMs });
}
