import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The master secret behind every user's leaf ids. Each user's secret is derived from it
 * (HMAC-SHA256(master, "vela/liabilities/user/{userId}")), and a leaf id is HMAC-SHA256(that, day).
 * Derived rather than stored per user, so no database row, backup or back-office screen holds
 * anything that links a published leaf to a user; and a day's leaf ids are stored with its leaves,
 * so serving a proof never needs the master (an API process without it serves proofs all the same).
 * Kept like the platform's signing key: FAIR_LIABILITIES_SECRET, else a file in DATA_DIR created on
 * first use. Never logged, never answered.
 */
export const LIABILITY_SECRET_FILE = 'fair-liabilities.secret';

export function loadLiabilityMaster(options: { dataDir: string; secretHex: string | undefined }): Buffer {
  if (options.secretHex) return Buffer.from(options.secretHex, 'hex');
  const file = path.join(options.dataDir, LIABILITY_SECRET_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // `wx`: two processes sharing DATA_DIR never overwrite each other's secret; the second reads it.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} must hold 64 lowercase hexadecimal digits`);
  return Buffer.from(text, 'hex');
}

/** A user's secret: fixed for the user, unknown without the master. */
export function userLiabilitySecret(master: Buffer, userId: number): Buffer {
  return createHmac('sha256', master).update(`vela/liabilities/user/${userId}`, 'utf8').digest();
}

/** The user's leaf id for a day: hex of HMAC-SHA256(user secret, UTF-8(day)); unlinkable across days. */
export function liabilityLeafId(userSecret: Buffer, day: string): string {
  return createHmac('sha256', userSecret).update(day, 'utf8').digest('hex');
}
