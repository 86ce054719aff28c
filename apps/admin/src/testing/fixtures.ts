import type { AdminProfile, AdminRole, AdminUser } from '@app/contract/admin';

export function adminProfile(role: AdminRole, overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: '1',
    username: `${role}-admin`,
    role,
    totpEnabled: false,
    disabled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '100',
    username: 'alice01',
    phone: '138****0001',
    inviteCode: 'INV001',
    invitedBy: null,
    level: 1,
    status: 'active',
    kycStatus: 'none',
    hasPayPassword: false,
    mustChangePassword: false,
    lockedUntil: null,
    registeredAt: '2026-02-01T08:00:00.000Z',
    lastLoginAt: null,
    lastLoginIp: null,
    ...overrides,
  };
}
