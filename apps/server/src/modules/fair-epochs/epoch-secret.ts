import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { commitmentOf } from './fair-path.js';

/**
 * The master secret every epoch seed is derived from (issue 13 section 2): 32 random bytes in
 * `DATA_DIR/fair-seed-secret` (created on first start, readable by its owner only) or in
 * FAIR_SEED_SECRET (64 hex digits). It is never in the database, a log, an answer or the back
 * office: whoever holds it knows every future price of the simulated products.
 *
 *   seed(epoch) = HMAC-SHA256(master, UTF-8("vela-fair-epoch|{startMs}"))
 *
 * Deriving instead of storing is what lets a restart keep its promises: the seeds of epochs
 * committed before the restart are the same after it, and none is written anywhere before its
 * reveal. Only the holder object derives: the secret has no getter and does not serialise.
 */

export const SEED_SECRET_FILE = 'fair-seed-secret';
const FILE_MODE = 0o600;
const SECRET_HEX = /^[0-9a-fA-F]{64}$/;

export class EpochSecret {
  readonly #master: Buffer;

  constructor(master: Uint8Array) {
    if (master.length !== 32) throw new Error('the fair seed secret must be 32 bytes');
    this.#master = Buffer.from(master);
  }

  /** A secret of this process only: for an engine built without one (tests). Never for a real platform. */
  static ephemeral(): EpochSecret {
    return new EpochSecret(randomBytes(32));
  }

  /** The 32-byte seed of the epoch starting at `startMs`. Reveal it only once the epoch has ended. */
  seedOf(startMs: number): Buffer {
    return createHmac('sha256', this.#master).update(`vela-fair-epoch|${startMs}`).digest();
  }

  /** SHA-256 of the epoch's seed, hex: what is published ahead. */
  commitmentOf(startMs: number): string {
    return commitmentOf(this.seedOf(startMs));
  }

  /** What logs, JSON and inspection see of it. */
  toJSON(): string {
    return '[fair seed secret]';
  }

  [inspect.custom](): string {
    return '[fair seed secret]';
  }
}

/** FAIR_SEED_SECRET: 64 hex digits. Throws a message naming the variable, never its value. */
export function parseSeedSecret(text: string): EpochSecret {
  const trimmed = text.trim();
  if (!SECRET_HEX.test(trimmed)) throw new Error('FAIR_SEED_SECRET: expected 32 bytes as 64 hex digits');
  return new EpochSecret(Buffer.from(trimmed, 'hex'));
}

/**
 * The seed secret: FAIR_SEED_SECRET when set, else `dataDir/fair-seed-secret`, created on first use
 * with owner-only permissions. Two processes starting at once on one DATA_DIR end up with the same
 * secret: the file is created exclusively and the loser of the race reads the winner's.
 */
export function loadSeedSecret(options: { dataDir: string; fromEnv?: EpochSecret | null }): {
  secret: EpochSecret;
  created: boolean;
  file: string | null;
} {
  if (options.fromEnv) return { secret: options.fromEnv, created: false, file: null };
  const file = path.join(options.dataDir, SEED_SECRET_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: the link fails if the file
  // exists, and nobody ever reads a half-written secret.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const master = randomBytes(32);
    writeFileSync(draft, `${master.toString('hex')}\n`, { mode: FILE_MODE, flag: 'wx' });
    linkSync(draft, file);
    return { secret: new EpochSecret(master), created: true, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  // Owner-only, whatever made it wider (a copy, a restore): nobody else on the host reads it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, FILE_MODE);
  const text = readFileSync(file, 'utf8').trim();
  if (!SECRET_HEX.test(text)) throw new Error(`${file} does not hold a fair seed secret (64 hex digits)`);
  return { secret: new EpochSecret(Buffer.from(text, 'hex')), created: false, file };
}
