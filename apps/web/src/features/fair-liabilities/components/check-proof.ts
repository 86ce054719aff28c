import {
  type LiabilityCheckName,
  type LiabilityProof,
  type LiabilitySummary,
  verifyLiabilityProof,
} from '@app/contract/fair-liabilities';

/** The checks the screen shows: the proof's own, then the published day it must belong to. */
export type ProofCheckName = LiabilityCheckName | 'published_root';

export interface ProofCheck {
  name: ProofCheckName;
  isOk: boolean;
}

/** Whether this browser can hash here: WebCrypto's digest exists only in a secure context (https, localhost). */
export function canHash(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}

/** SHA-256 of the text's UTF-8 bytes, lowercase hex, by the browser's WebCrypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Every check, in this browser: the proof's own (the contract's verifyLiabilityProof, the same rules
 * as tools/verify/verify.mjs), and that its root, total and leaf count are the ones published for its
 * day, since the root alone does not show how many leaves it has.
 */
export async function checkProof(
  proof: LiabilityProof,
  published: readonly LiabilitySummary[],
  sha256: (text: string) => Promise<string> = sha256Hex,
): Promise<ProofCheck[]> {
  const own = await verifyLiabilityProof(proof, sha256);
  const day = published.find((entry) => entry.day === proof.day);
  const isPublished =
    day !== undefined &&
    day.root === proof.root.hash &&
    day.total === proof.root.sum &&
    day.leaves === proof.root.leaves;
  return [...own.map(({ name, isOk }) => ({ name, isOk })), { name: 'published_root', isOk: isPublished }];
}
