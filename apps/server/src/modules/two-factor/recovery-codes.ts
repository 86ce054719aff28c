import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/contract/two-factor';

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
