import type { AdminWithdrawal } from '@app/contract/wallet';

export type ApproveStep = 'first' | 'pay';

/** Which approval the next click gives, or null when the withdrawal is decided. */
export function nextApproveStep(w: AdminWithdrawal): ApproveStep | null {
  if (w.status === 'pending') return w.needsSecondApproval && w.firstApprovedBy === null ? 'first' : 'pay';
  if (w.status === 'approved') return 'pay';
  return null;
}

/** Whether the signed-in operator gave the first approval; `firstApprovedBy` may carry an id or a name. */
export function isOwnFirstApproval(w: AdminWithdrawal, admin: { id: string; username: string }): boolean {
  return w.firstApprovedBy !== null && (w.firstApprovedBy === admin.id || w.firstApprovedBy === admin.username);
}
