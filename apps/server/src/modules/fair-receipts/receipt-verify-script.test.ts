import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FairReceipt, fairReceiptSchema } from '@app/contract/fair-receipt';
import { describe, expect, test } from 'vitest';
import { FIXTURES_DIR, runVerifier } from './fair-receipts.test-support.js';

/**
 * tools/verify/verify.mjs on order receipts, run as a separate program as a user runs it: the
 * genuine receipts the server made (tools/verify/fixtures, written by fair-receipts.test.ts with
 * WRITE_RECEIPT_FIXTURES=1) pass; one change anywhere fails, naming the check that caught it.
 */
const fixture = (name: string): FairReceipt =>
  JSON.parse(readFileSync(path.join(FIXTURES_DIR, name), 'utf8')) as FairReceipt;
const won = fixture('receipt-won.json');
const voided = fixture('receipt-void.json');

const sha256 = (prevHex: string, text: string) =>
  createHash('sha256').update(Buffer.from(prevHex, 'hex')).update(text).digest('hex');
const flipHex = (hex: string, at = 10) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

/** A changed copy of `receipt` that the verifier must refuse with exit 1, naming `failedCheck`. */
function expectRefused(receipt: FairReceipt, change: (r: FairReceipt) => void, failedCheck: string) {
  const changed = structuredClone(receipt);
  change(changed);
  const run = runVerifier(changed);
  expect(run.status, run.out).toBe(1);
  expect(run.out).toContain(`✗ ${failedCheck}`);
  expect(run.out).toMatch(/\d+ of 13 checks FAILED\./);
  return run.out;
}

/** The index of the order's entry tick (the first after acceptance). */
const entryIndex = (r: FairReceipt) => r.ticks.findIndex((t) => t.timeMs > r.order.acceptedAtMs);

test('the genuine receipts pass every check', () => {
  expect(won.order.status).toBe('won');
  expect(voided.order.status).toBe('void');
  for (const receipt of [won, voided]) {
    expect(fairReceiptSchema.parse(receipt)).toEqual(receipt);
    expect(receipt.verifiable).toBe(true);
    const run = runVerifier(receipt);
    expect(run.status, run.out).toBe(0);
    expect(run.out.match(/✓/g)).toHaveLength(13);
    expect(run.out).toContain('All 13 checks passed.');
  }
});

describe('one change fails', () => {
  test('a price (the entry tick), caught by its hash', () => {
    expectRefused(
      won,
      (r) => {
        const tick = r.ticks[entryIndex(r)]!;
        tick.priceE8 = String(BigInt(tick.priceE8) - 1_000_000n);
        tick.price = (Number(tick.priceE8) / 1e8).toFixed(2);
      },
      'Every tick links to the one before (SHA-256 chain)',
    );
  });

  test('a price with the whole chain re-hashed after it: the signed checkpoint no longer names its head', () => {
    const out = expectRefused(
      won,
      (r) => {
        const i = entryIndex(r);
        const tick = r.ticks[i]!;
        tick.priceE8 = String(BigInt(tick.priceE8) - 1_000_000n);
        tick.price = (Number(tick.priceE8) / 1e8).toFixed(2);
        for (let k = i; k < r.ticks.length; k++) {
          const t = r.ticks[k]!;
          if (k > i) t.prevHash = r.ticks[k - 1]!.hash;
          t.hash = sha256(t.prevHash, `${r.order.symbol}|${t.timeMs}|${t.priceE8}`);
        }
      },
      "The last tick is the checkpoint's head for the symbol",
    );
    expect(out).toContain('✓ Every tick links to the one before');
    expect(out).toContain('✗ Every tick is the committed path re-derived from its seed');
  });

  test('a time (the exit tick moved a second)', () => {
    expectRefused(
      won,
      (r) => {
        const exit = r.ticks.filter((t) => t.timeMs <= r.order.endTimeMs).at(-1)!;
        exit.timeMs -= 1000;
      },
      'Every tick links to the one before (SHA-256 chain)',
    );
  });

  test('a hash', () => {
    expectRefused(
      won,
      (r) => {
        r.ticks[2]!.hash = flipHex(r.ticks[2]!.hash);
      },
      'Every tick links to the one before (SHA-256 chain)',
    );
  });

  test('a seed', () => {
    expectRefused(
      won,
      (r) => {
        r.epochs[0]!.seed = flipHex(r.epochs[0]!.seed!);
      },
      'Every revealed seed hashes to its commitment',
    );
  });

  test('the payout, by one minor unit', () => {
    expectRefused(
      won,
      (r) => {
        r.order.payout = `${r.order.payout}.000001`;
      },
      'The payout follows the rule',
    );
  });

  test('the direction', () => {
    const out = expectRefused(
      won,
      (r) => {
        r.order.direction = 'down';
      },
      'The result follows the rule',
    );
    expect(out).toContain('the rule gives lost');
  });

  test('the signature', () => {
    expectRefused(
      won,
      (r) => {
        r.checkpoint!.signature = flipHex(r.checkpoint!.signature, 70);
      },
      "The checkpoint's Ed25519 signature verifies with the public key",
    );
  });

  test('the checkpoint (another head), or a key that did not sign it', () => {
    expectRefused(
      won,
      (r) => {
        r.checkpoint!.heads = r.checkpoint!.heads.replace(/\|(\d+)\|/, (_, ms) => `|${Number(ms) + 1000}|`);
      },
      "The checkpoint's hash is SHA-256(prevHash ‖ seq|timeMs|heads)",
    );
    expectRefused(
      won,
      (r) => {
        r.publicKeyPem = voided.publicKeyPem === won.publicKeyPem ? otherKeyPem() : voided.publicKeyPem;
      },
      "The checkpoint's Ed25519 signature verifies with the public key",
    );
  });

  test('the acceptance time (an entry taken from before acceptance)', () => {
    expectRefused(
      won,
      (r) => {
        r.order.acceptedAtMs = r.ticks[0]!.timeMs - 1;
      },
      'The entry is the first tick strictly after acceptance',
    );
  });

  test('the recorded exit', () => {
    expectRefused(
      won,
      (r) => {
        r.order.exit = r.order.entry;
      },
      'The exit is the last tick at or before the end',
    );
  });

  test('a tick left out at the start: nothing shows there was none between acceptance and the first', () => {
    expectRefused(
      won,
      (r) => {
        r.ticks.shift();
      },
      'The ticks cover the order: from before acceptance past its end',
    );
  });

  test("a path's start price", () => {
    expectRefused(
      won,
      (r) => {
        r.model.paths[0]!.startPriceE8 = String(BigInt(r.model.paths[0]!.startPriceE8) + 1n);
      },
      'Every tick is the committed path re-derived from its seed',
    );
  });

  test('a void order claimed as won', () => {
    expectRefused(
      voided,
      (r) => {
        r.order.status = 'won';
      },
      'The result follows the rule',
    );
  });
});

test('a receipt without its checkpoint yet is not verified (exit 1); a file of no known kind exits 2', () => {
  const out = expectRefused(
    won,
    (r) => {
      r.checkpoint = null;
      r.verifiable = false;
      r.verifiableAtMs = r.order.endTimeMs + 65_000;
    },
    'The order is settled and the receipt complete',
  );
  expect(out).toContain('no checkpoint covers the order yet; the platform expects it at');
  expect(runVerifier({ hello: 'world' }).status).toBe(2);
  expect(runVerifier('not json').status).toBe(2);
  const malformed = runVerifier({ ...won, ticks: 'none' });
  expect(malformed.status).toBe(1);
  expect(malformed.out).toContain('✗ The receipt is well formed: ticks is not a list');
});

/** An Ed25519 public key that signed nothing here (the demonstration key of docs/provably-fair.md 1.4). */
function otherKeyPem() {
  return '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ=\n-----END PUBLIC KEY-----\n';
}
