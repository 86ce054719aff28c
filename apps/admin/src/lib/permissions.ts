import type { AdminRole } from '@app/contract/admin';

/**
 * What each role may use in the back office. The server enforces the same rules; the UI only hides
 * what a role cannot use, so a mismatch shows up as a 403 message rather than a hole.
 */
const PERMISSION_ROLES = {
  'users.read': ['owner', 'finance', 'reviewer', 'support'],
  'users.manage': ['owner', 'support'],
  'admins.manage': ['owner'],
  'audit.read': ['owner'],
  'kyc.review': ['owner', 'reviewer'],
  'deposits.manage': ['owner', 'finance'],
  'withdrawals.manage': ['owner', 'finance'],
  'depositAddresses.manage': ['owner', 'finance'],
  'banks.manage': ['owner', 'finance'],
  /** Both halves of the platform settings are read on one screen; each half is saved by its own role. */
  'settings.read': ['owner', 'finance', 'content'],
  'settings.general': ['owner', 'content'],
  'settings.wallet': ['owner', 'finance'],
  /** Support answers balance questions in chat; reviewers see them beside the identity. */
  'balances.read': ['owner', 'finance', 'support', 'reviewer'],
  'adjustments.create': ['owner', 'finance'],
  'ledger.read': ['owner', 'finance'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSION_ROLES;

export function hasPermission(role: AdminRole, permission: Permission): boolean {
  return (PERMISSION_ROLES[permission] as readonly AdminRole[]).includes(role);
}
