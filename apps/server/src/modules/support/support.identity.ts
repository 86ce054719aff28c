import { createHash } from 'node:crypto';
import type { AdminRole } from '@app/contract/admin';

/** Who owns a conversation: a user, or a signed-out visitor known only by the hash of their token. */
export type SupportOwner = { kind: 'user'; userId: number } | { kind: 'visitor'; visitorHash: string };

/** Roles that work the support inbox (DESIGN.md 8). */
export const SUPPORT_ROLES: readonly AdminRole[] = ['owner', 'support'];

export function canHandleSupport(admin: { role: AdminRole; disabled: boolean }): boolean {
  return !admin.disabled && SUPPORT_ROLES.includes(admin.role);
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
