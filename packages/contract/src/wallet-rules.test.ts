import { describe, expect, test } from 'vitest';
import {
  type BankAccount,
  depositAccountOf,
  isExplorerUrlPattern,
  migrateWalletRules,
  payoutAccountFor,
  payoutExplorerUrl,
  walletRulesSchema,
} from './wallet-rules.js';

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

const account = (id: string, currency: string, rate: string): BankAccount => ({
  id,
  bankName: `Bank ${id}`,
  holderName: 'Vela',
  cardNumber: `000${id}`,
  branch: '',
  currency,
  rate,
});
const USDT_ONLY = account('u', '', '');
const HANOI = account('h', 'VND', '25400');
const HANOI_2 = account('h2', 'VND', '25500');
const TAIPEI = account('t', 'TWD', '32.15');

describe('receiving accounts', () => {
  test('a deposit goes to the account named, or the first when none is named; an unknown id is none', () => {
    const accounts = [HANOI, TAIPEI];
    expect(depositAccountOf(accounts, 't')).toBe(TAIPEI);
    expect(depositAccountOf(accounts, undefined)).toBe(HANOI);
    expect(depositAccountOf(accounts, 'gone')).toBeUndefined();
    expect(depositAccountOf([], undefined)).toBeUndefined();
  });

  test("a withdrawal is paid from the first account with a rate in the card's currency", () => {
    const accounts = [USDT_ONLY, HANOI, TAIPEI, HANOI_2];
    expect(payoutAccountFor(accounts, 'VND')).toBe(HANOI);
    expect(payoutAccountFor(accounts, 'TWD')).toBe(TAIPEI);
    expect(payoutAccountFor(accounts, 'USD')).toBeUndefined();
    expect(payoutAccountFor(accounts, null)).toBeUndefined();
    expect(payoutAccountFor([account('x', 'VND', '')], 'VND')).toBeUndefined();
  });

  test('the old single account reads as a list of it, with the id "main"; a blank one as none', () => {
    const old = {
      depositMinAmount: '10',
      bankAccount: { bankName: 'VCB', holderName: 'V', cardNumber: '1', branch: '' },
    };
    expect(migrateWalletRules(old)).toEqual({
      depositMinAmount: '10',
      bankAccounts: [{ bankName: 'VCB', holderName: 'V', cardNumber: '1', branch: '', id: 'main' }],
    });
    expect(migrateWalletRules({ bankAccount: { bankName: '', holderName: '', cardNumber: '', branch: '' } })).toEqual({
      bankAccounts: [],
    });
    // The new shape, and anything that is not an object, pass untouched.
    const current = { bankAccounts: [HANOI] };
    expect(migrateWalletRules(current)).toBe(current);
    expect(migrateWalletRules(null)).toBeNull();
    // Once parsed, the migrated account has the currency and rate it had, upper-cased and trimmed.
    const parsed = walletRulesSchema.shape.bankAccounts.parse(
      (
        migrateWalletRules({
          bankAccount: {
            bankName: 'VCB',
            holderName: 'V',
            cardNumber: '1',
            branch: '',
            currency: 'vnd',
            rate: ' 25400 ',
          },
        }) as {
          bankAccounts: unknown;
        }
      ).bankAccounts,
    );
    expect(parsed).toEqual([
      { id: 'main', bankName: 'VCB', holderName: 'V', cardNumber: '1', branch: '', currency: 'VND', rate: '25400' },
    ]);
  });
});
