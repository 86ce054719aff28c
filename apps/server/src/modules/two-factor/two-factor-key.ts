import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';

/**
 * The key that keeps users' TOTP secrets encrypted at rest (AES-256-GCM) and their recovery codes
 * hashed (HMAC-SHA256), so a copy of the database alone reveals neither. It lives where the fairness
 * keys live: TWO_FACTOR_KEY, else `DATA_DIR/two-factor.key` (created on first use, owner-only). Never
 * in the database, a log or an answer: only this holder uses it, and it prints as a placeholder.
 * Every API process must have the same key (a shared DATA_DIR or the variable); back it up, or every
 * user's second factor has to be reset.
 */
export const TWO_FACTOR_KEY_FILE = 'two-factor.key';
const FILE_MODE = 0o600;
const KEY_HEX = /^[0-9a-f]{64}$/;
/** Version prefix of a stored ciphertext, so the scheme can change later without guessing. */
const CIPHERTEXT_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TwoFactorKey {
  readonly #encryption: Buffer;
  readonly #hashing: Buffer;

  constructor(master: Buffer) {
    if (master.length !== 32) throw new Error('the two-factor key must be 32 bytes');
    // Two keys derived for two purposes, so no output of one use helps against the other.
    this.#encryption = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'vela/two-factor/encrypt', 32));
    this.#hashing = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'vela/two-factor/recovery', 32));
  }

  /** `v1:<base64 iv|tag|ciphertext>`; the user id is bound in, so a row copied to another user fails to open. */
  encrypt(plaintext: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#encryption, iv);
    cipher.setAAD(aadOf(userId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${CIPHERTEXT_VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(stored: string, userId: number): string {
    const [version, data] = stored.split(':');
    if (version !== CIPHERTEXT_VERSION || !data) throw new Error('unknown two-factor ciphertext');
    const bytes = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#encryption, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(aadOf(userId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The stored form of a recovery code (already normalised). */
  hashRecoveryCode(code: string, userId: number): string {
    return createHmac('sha256', this.#hashing).update(`${userId}:${code}`, 'utf8').digest('hex');
  }

  toJSON(): string {
    return '[two-factor key]';
  }

  [inspect.custom](): string {
    return '[two-factor key]';
  }
}

function aadOf(userId: number): Buffer {
  return Buffer.from(`vela/two-factor/user/${userId}`, 'utf8');
}

/**
 * TWO_FACTOR_KEY when set, else the key file in `dataDir`, created on first use. Two processes
 * creating it at once end with one key: it is written whole under a name of its own, then linked
 * into place (the link fails if the file exists, and the loser reads the winner's).
 */
export function loadTwoFactorKey(options: { dataDir: string; keyHex: string | undefined }): TwoFactorKey {
  if (options.keyHex) return new TwoFactorKey(Buffer.from(options.keyHex, 'hex'));
  const file = path.join(options.dataDir, TWO_FACTOR_KEY_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const hex = randomBytes(32).toString('hex');
    writeFileSync(draft, `${hex}\n`, { mode: FILE_MODE, flag: 'wx' });
    linkSync(draft, file);
    return new TwoFactorKey(Buffer.from(hex, 'hex'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, FILE_MODE);
  const text = readFileSync(file, 'utf8').trim();
  if (!KEY_HEX.test(text)) throw new Error(`${file} must hold 64 lowercase hexadecimal digits`);
  return new TwoFactorKey(Buffer.from(text, 'hex'));
}
