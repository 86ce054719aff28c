import { describe, expect, test } from 'vitest';
import { isExplorerUrlPattern, payoutExplorerUrl } from './wallet-rules.js';

const HASH = 'ab'.repeat(32);
const TRONSCAN = 'https://tronscan.org/#/transaction/{hash}';

describe('block explorer pattern', () => {
  test.each([
    TRONSCAN,
    'https://nile.tronscan.org/#/transaction/{hash}',
    'https://explorer.example:8443/tx/{hash}?x=1',
    '',
  ])('accepts %s', (pattern) => expect(isExplorerUrlPattern(pattern)).toBe(true));

  test.each([
    'https://tronscan.org/#/transaction/',
    'https://tronscan.org/{hash}/{hash}',
    'http://tronscan.org/{hash}',
    'javascript:alert(1)//{hash}',
    'https://{hash}.example.com/',
    'https://user:pw@tronscan.org/{hash}',
    'https://tronscan.org/ {hash}',
    'https://tronscan.org/"{hash}',
    'https://tronscan.org\\@evil.example/{hash}',
  ])('refuses %s', (pattern) => expect(isExplorerUrlPattern(pattern)).toBe(false));
});

describe('payout explorer link', () => {
  test('a TRC20 transaction id fills the placeholder, lower case, without 0x', () => {
    expect(payoutExplorerUrl(TRONSCAN, 'trc20', `0x${HASH.toUpperCase()}`)).toBe(
      `https://tronscan.org/#/transaction/${HASH}`,
    );
  });

  test('never for a bank payout, a note, no reference or no explorer', () => {
    expect(payoutExplorerUrl(TRONSCAN, 'bank', HASH)).toBeNull();
    expect(payoutExplorerUrl(TRONSCAN, 'trc20', 'paid by hand')).toBeNull();
    expect(payoutExplorerUrl(TRONSCAN, 'trc20', null)).toBeNull();
    expect(payoutExplorerUrl('', 'trc20', HASH)).toBeNull();
  });
});
