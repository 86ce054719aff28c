import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Vela Back Office';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/** Accepts the current code and one step either side, for clock drift. */
export function isTotpValid(secretBase32: string, code: string): boolean {
  return totpFor(secretBase32, 'x').validate({ token: code, window: 1 }) !== null;
}

export function currentTotp(secretBase32: string): string {
  return totpFor(secretBase32, 'x').generate();
}
