import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { loadTwoFactorKey, TWO_FACTOR_KEY_FILE } from './two-factor-key.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vela-two-factor-key-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the key file is created once, owner-only, and a second load reads the same key', () => {
  const first = loadTwoFactorKey({ dataDir, keyHex: undefined });
  const file = path.join(dataDir, TWO_FACTOR_KEY_FILE);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const hex = readFileSync(file, 'utf8').trim();
  const second = loadTwoFactorKey({ dataDir, keyHex: undefined });
  const sealed = first.encrypt('JBSWY3DPEHPK3PXP', 7);
  expect(second.decrypt(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
  // TWO_FACTOR_KEY with the same bytes opens it too.
  expect(loadTwoFactorKey({ dataDir: '/nonexistent', keyHex: hex }).decrypt(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
});

test('a ciphertext opens only for its user and only with its key; the key never prints', () => {
  const key = loadTwoFactorKey({ dataDir, keyHex: 'ab'.repeat(32) });
  const other = loadTwoFactorKey({ dataDir, keyHex: 'cd'.repeat(32) });
  const sealed = key.encrypt('JBSWY3DPEHPK3PXP', 7);
  expect(sealed).toMatch(/^v1:/);
  expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  expect(key.encrypt('JBSWY3DPEHPK3PXP', 7)).not.toBe(sealed);
  expect(() => key.decrypt(sealed, 8)).toThrow();
  expect(() => other.decrypt(sealed, 7)).toThrow();
  expect(key.hashRecoveryCode('abcdefghij', 7)).not.toBe(key.hashRecoveryCode('abcdefghij', 8));
  expect(key.hashRecoveryCode('abcdefghij', 7)).not.toBe(other.hashRecoveryCode('abcdefghij', 7));
  expect(JSON.stringify({ key })).toBe('{"key":"[two-factor key]"}');
  expect(inspect(key)).toBe('[two-factor key]');
  expect(`${inspect({ key })}`).not.toContain('abab');
});
