import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { loadSigningKey, parseSigningKey, publicKeyPemOf, SIGNING_KEY_FILE, verifySignature } from './fair-key.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vela-fair-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The 32-byte private seed of a PKCS#8 PEM, as the JWK `d` gives it. */
function seedOf(pem: string): Buffer {
  const jwk = createPrivateKey(pem).export({ format: 'jwk' });
  return Buffer.from(jwk.d!, 'base64url');
}

test('first start: the key file is created in DATA_DIR, readable by its owner only; later starts read the same key', () => {
  const dataDir = path.join(tempDir(), 'nested', 'data');
  const first = loadSigningKey({ dataDir });
  expect(first.created).toBe(true);
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  expect(readdirSync(dataDir)).toEqual([SIGNING_KEY_FILE]); // no draft left behind
  const again = loadSigningKey({ dataDir });
  expect(again.created).toBe(false);
  expect(again.key.publicKeyHex).toBe(first.key.publicKeyHex);
  expect(first.key.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
});

test('a key file opened up to others is made owner-only again', () => {
  const dataDir = tempDir();
  loadSigningKey({ dataDir });
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  chmodSync(file, 0o644);
  loadSigningKey({ dataDir });
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

test('a key file that holds no Ed25519 key stops the start without printing it', () => {
  const dataDir = tempDir();
  writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'not a key at all', { mode: 0o600 });
  expect(() => loadSigningKey({ dataDir })).toThrow(/does not hold an Ed25519 private key/);
  expect(() => loadSigningKey({ dataDir })).not.toThrow(/not a key at all/);
});

test('FAIR_SIGNING_KEY (PEM or the 32-byte seed in hex) wins over the file, and no file is written', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const dataDir = tempDir();
  const fromPem = loadSigningKey({ dataDir, fromEnv: pem });
  const fromHex = loadSigningKey({ dataDir, fromEnv: seedOf(pem).toString('hex') });
  const fromOneLine = parseSigningKey(pem.replaceAll('\n', '\\n'));
  const expected = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  expect([fromPem.key.publicKeyHex, fromHex.key.publicKeyHex, fromOneLine.publicKeyHex]).toEqual([
    expected,
    expected,
    expected,
  ]);
  expect(readdirSync(dataDir)).toEqual([]);
  expect(loadConfig({ FAIR_SIGNING_KEY: pem }).fairSigningKey?.publicKeyHex).toBe(expected);
  expect(loadConfig({}).fairSigningKey).toBeNull();
});

test('a bad FAIR_SIGNING_KEY stops the start naming the variable, never its value', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  for (const value of ['deadbeef', rsa, 'zz'.repeat(32)]) {
    let message = '';
    try {
      loadConfig({ FAIR_SIGNING_KEY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/FAIR_SIGNING_KEY/);
    expect(message).not.toContain(value.slice(0, 20));
  }
});

test('signatures verify with the public key as published (PEM and raw hex); JSON shows only the public half', () => {
  const dataDir = tempDir();
  const { key } = loadSigningKey({ dataDir });
  const message = Buffer.alloc(32, 0xab);
  const signature = key.sign(message);
  expect(signature).toHaveLength(64);
  expect(verify(null, message, createPublicKey(publicKeyPemOf(key.publicKeyHex)), signature)).toBe(true);
  expect(publicKeyPemOf(key.publicKeyHex)).toBe(key.publicKeyPem);
  expect(verifySignature(key.publicKeyHex, message, signature)).toBe(true);
  expect(verifySignature(key.publicKeyHex, Buffer.alloc(32, 0xac), signature)).toBe(false);
  const seed = seedOf(readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8'));
  const shown = `${JSON.stringify(key)} ${JSON.stringify({ key })} ${String(key)}`;
  expect(shown).toContain(key.publicKeyHex);
  expect(shown).not.toContain(seed.toString('hex'));
  expect(shown).not.toContain(seed.toString('base64').slice(0, 40));
});

test('the worked example of docs/provably-fair.md: the demonstration key signs checkpoint 1 as written there', () => {
  const seedHex = Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1)).toString('hex');
  const key = parseSigningKey(seedHex);
  expect(key.publicKeyHex).toBe('79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664');
  expect(key.publicKeyPem).toBe(
    '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ=\n-----END PUBLIC KEY-----\n',
  );
  const hash = Buffer.from('865097778608598ce4a52e7528592c7fe8258fb7cd65b99a391a0e75620737a6', 'hex');
  expect(key.sign(hash).toString('hex')).toBe(
    'd15b53bd80ec0015d773910da4e3bb905877feed0edc2aec7abe11129a8714d4a0709e75ee3be4d99569261609347d054cc22f21b43b242ef217b261bea23401',
  );
});
