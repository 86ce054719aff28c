import type { AdminProfile, AdminRole, AdminUser } from '@app/contract/admin';
import type { AdminKycSubmission } from '@app/contract/kyc';
import type { Reconciliation } from '@app/contract/ledger';
import type { AdminDeposit, AdminWithdrawal } from '@app/contract/wallet';

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

export function kycSubmission(overrides: Partial<AdminKycSubmission> = {}): AdminKycSubmission {
  return {
    id: '7',
    userId: '100',
    username: 'alice01',
    realName: 'Alice Nguyen',
    idNumber: 'B12345678',
    status: 'pending',
    rejectReason: null,
    submittedAt: '2026-03-01T09:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    ...overrides,
  };
}

export function adminDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: '31',
    userId: '100',
    username: 'alice01',
    method: 'bank',
    amount: '500',
    creditedAmount: null,
    txHash: null,
    hasProof: true,
    status: 'pending',
    rejectReason: null,
    note: null,
    reviewedBy: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  };
}

export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: '51',
    userId: '100',
    username: 'alice01',
    method: 'trc20',
    amount: '2000',
    fee: '21',
    netAmount: '1979',
    destination: 'TQn9…kz7X',
    destinationDetail: { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    status: 'pending',
    result: 'processing',
    rejectReason: null,
    payoutReference: null,
    firstApprovedBy: null,
    decidedBy: null,
    needsSecondApproval: false,
    createdAt: '2026-03-03T11:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function reconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return {
    checkedAt: '2026-03-04T12:00:00.000Z',
    isBalanced: true,
    postingsSum: { USDT: '0' },
    journalsNotBalanced: 0,
    accountsNotMatchingPostings: 0,
    userAccountsBelowZero: 0,
    trialBalance: [
      { currency: 'USDT', account: 'platform:deposits', balance: '-1500' },
      { currency: 'USDT', account: 'user:available', balance: '1500' },
    ],
    ...overrides,
  };
}

export function page<T>(list: T[], total = list.length) {
  return { list, total, page: 1, pageSize: 20 };
}
