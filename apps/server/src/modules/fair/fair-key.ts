import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The platform's Ed25519 signing key (issue 13 section 1). The private key lives in
 * `DATA_DIR/fair-signing-key.pem` (created on first start, readable by its owner only) or in
 * FAIR_SIGNING_KEY; never in the database, a log or an answer. Only its holder object signs: the
 * key itself never leaves this file (no getter returns it, and it does not serialise).
 */

export const SIGNING_KEY_FILE = 'fair-signing-key.pem';
const FILE_MODE = 0o600;
/** DER prefixes of an Ed25519 key: PKCS#8 private (before the 32-byte seed), SPKI public (before the 32-byte key). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const RAW_KEY_HEX = /^[0-9a-fA-F]{64}$/;

export class SigningKey {
  readonly publicKeyHex: string;
  readonly publicKeyPem: string;
  readonly #privateKey: KeyObject;

  constructor(privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the fair signing key must be an Ed25519 key');
    this.#privateKey = privateKey;
    const publicKey = createPublicKey(privateKey);
    this.publicKeyHex = rawPublicKey(publicKey).toString('hex');
    this.publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  /** Ed25519 over the bytes given (a 32-byte hash). */
  sign(message: Uint8Array): Buffer {
    return sign(null, message, this.#privateKey);
  }

  /** What logs and JSON see of it: the public half only. */
  toJSON(): { publicKeyHex: string } {
    return { publicKeyHex: this.publicKeyHex };
  }
}

function rawPublicKey(publicKey: KeyObject): Buffer {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_ED25519_PREFIX.length);
}

/**
 * A private key from FAIR_SIGNING_KEY: a PEM (PKCS#8) Ed25519 private key, or its 32-byte seed in
 * hex. Throws a message that names the variable but never repeats its value.
 */
export function parseSigningKey(text: string): SigningKey {
  try {
    const trimmed = text.trim();
    const key = RAW_KEY_HEX.test(trimmed)
      ? createPrivateKey({
          key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(trimmed, 'hex')]),
          format: 'der',
          type: 'pkcs8',
        })
      : createPrivateKey({ key: trimmed.replaceAll('\\n', '\n'), format: 'pem' });
    return new SigningKey(key);
  } catch {
    throw new Error('FAIR_SIGNING_KEY: expected an Ed25519 private key (PKCS#8 PEM, or its 32 bytes in hex)');
  }
}

/**
 * The signing key: FAIR_SIGNING_KEY when set, else the key file in `dataDir`, created on first use
 * with owner-only permissions. Two processes starting at once on one DATA_DIR end up with the same
 * key: the file is created exclusively, and the one that loses the race reads the winner's.
 */
export function loadSigningKey(options: { dataDir: string; fromEnv?: string }): {
  key: SigningKey;
  created: boolean;
} {
  if (options.fromEnv) return { key: parseSigningKey(options.fromEnv), created: false };
  const file = path.join(options.dataDir, SIGNING_KEY_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: the link fails if the file
  // exists, and nobody ever reads a half-written key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    writeFileSync(draft, pem, { mode: FILE_MODE, flag: 'wx' });
    linkSync(draft, file);
    return { key: new SigningKey(privateKey), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  // Owner-only, whatever made it wider (a copy, a restore): nobody else on the host reads it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, FILE_MODE);
  try {
    return { key: new SigningKey(createPrivateKey({ key: readFileSync(file), format: 'pem' })), created: false };
  } catch {
    throw new Error(`${file} does not hold an Ed25519 private key (PKCS#8 PEM)`);
  }
}

/** The PEM of a raw 32-byte Ed25519 public key given in hex. */
export function publicKeyPemOf(publicKeyHex: string): string {
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

/** Whether `signature` is the Ed25519 signature of `message` by the raw public key in hex. */
export function verifySignature(publicKeyHex: string, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, key, signature);
}
