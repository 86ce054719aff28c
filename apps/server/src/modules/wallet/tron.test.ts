import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { isValidTronAddress, tronAddressFromBytes } from './tron.js';

test('known addresses: the USDT contract and a zero account', () => {
  expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  expect(isValidTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
});

test('a changed character breaks the checksum', () => {
  expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
  expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t')).toBe(false);
});

test('wrong shapes are refused', () => {
  for (const text of [
    '',
    'T',
    '0x1234',
    'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t',
  ]) {
    expect(isValidTronAddress(text), text).toBe(false);
  }
});

test('addresses made from random account ids round-trip', () => {
  for (let i = 0; i < 50; i++) expect(isValidTronAddress(tronAddressFromBytes(randomBytes(20)))).toBe(true);
});
