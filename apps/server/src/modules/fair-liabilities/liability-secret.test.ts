import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { LIABILITY_SECRET_FILE, loadLiabilityMaster } from './liability-secret.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vela-liabilities-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('created on first use in DATA_DIR, readable by its owner only, and the same ever after', () => {
  const dataDir = path.join(newDir(), 'data');
  const first = loadLiabilityMaster({ dataDir, secretHex: undefined });
  expect(first).toHaveLength(32);
  const file = path.join(dataDir, LIABILITY_SECRET_FILE);
  expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(loadLiabilityMaster({ dataDir, secretHex: undefined }).equals(first)).toBe(true);
});

test('FAIR_LIABILITIES_SECRET wins, and then no file is written', () => {
  const dataDir = newDir();
  const hex = 'ab'.repeat(32);
  expect(loadLiabilityMaster({ dataDir, secretHex: hex }).toString('hex')).toBe(hex);
  expect(() => statSync(path.join(dataDir, LIABILITY_SECRET_FILE))).toThrow();
});

test('a damaged file stops the build with a message naming the file, not its content', () => {
  const dataDir = newDir();
  writeFileSync(path.join(dataDir, LIABILITY_SECRET_FILE), 'not a secret');
  expect(() => loadLiabilityMaster({ dataDir, secretHex: undefined })).toThrow(/fair-liabilities\.secret must hold 64/);
});
