import type { FairReceipt } from '@app/contract/fair-receipt';
import { apiGet } from './api/client';

/**
 * An order's receipt (issue 13 §3), shared by the order detail (its "Download receipt") and the
 * fair-receipts feature, which checks it. Only the owner may read it (anyone else: 404).
 */
export function getFairReceipt(orderId: string, signal?: AbortSignal): Promise<FairReceipt> {
  return apiGet<FairReceipt>(`/fair/receipt?order=${encodeURIComponent(orderId)}`, { signal });
}

/** The receipt's file name: the order's number, as verify.mjs and support read it. */
export const receiptFileName = (orderId: string) => `vela-receipt-${orderId}.json`;

/** Saves the receipt as a JSON file, the very document the checks read. */
export function downloadReceipt(receipt: FairReceipt): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(receipt.order.id);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
