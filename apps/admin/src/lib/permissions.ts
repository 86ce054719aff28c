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
  /** Support reads deposits to answer "where is my deposit?" in chat (the support inbox shows them). */
  'deposits.read': ['owner', 'finance', 'support'],
  'withdrawals.manage': ['owner', 'finance'],
  'depositAddresses.manage': ['owner', 'finance'],
  'banks.manage': ['owner', 'finance'],
  /** Both halves of the platform settings are read on one screen; each half is saved by its own role. */
  'settings.read': ['owner', 'finance', 'content'],
  'settings.general': ['owner', 'content'],
  'settings.wallet': ['owner', 'finance'],
  /** Products, their trading rules and the risk limits of orders belong to content (DESIGN.md 8). */
  'settings.trading': ['owner', 'content'],
  /** The referral level table is platform config (DESIGN.md 8: content). */
  'settings.referral': ['owner', 'content'],
  'products.manage': ['owner', 'content'],
  /** Announcements and help articles (DESIGN.md 8). */
  'content.manage': ['owner', 'content'],
  /** Locked-deposit products: content edits them; finance and support read them and their orders. */
  'earnProducts.read': ['owner', 'content', 'finance', 'support'],
  'earnProducts.manage': ['owner', 'content'],
  /** Orders are read-only for everyone; support answers questions about them. */
  'orders.read': ['owner', 'finance', 'support'],
  /** Support answers balance questions in chat; reviewers see them beside the identity. */
  'balances.read': ['owner', 'finance', 'support', 'reviewer'],
  'adjustments.create': ['owner', 'finance'],
  'ledger.read': ['owner', 'finance'],
  /** Flexible earn: content sets the daily rate; finance reads the totals held and paid. */
  'flexibleEarn.read': ['owner', 'content', 'finance'],
  'flexibleEarn.manage': ['owner', 'content'],
  /** The support inbox: chat with users and visitors (DESIGN.md 8). */
  'support.handle': ['owner', 'support'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type Permission = keyof typeof PERMISSION_ROLES;

export function hasPermission(role: AdminRole, permission: Permission): boolean {
  return (PERMISSION_ROLES[permission] as readonly AdminRole[]).includes(role);
}
