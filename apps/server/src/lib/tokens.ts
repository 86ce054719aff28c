import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit random session token; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A one-time password an operator reads to a user: 12 characters, letters and digits. */
export function randomPassword(): string {
  return randomCode(12);
}
