import type { AdminProfile, AdminRole, AdminUser } from '@app/contract/admin';
import type { AdminOrder, AdminProduct } from '@app/contract/admin-markets';
import type { Page } from '@app/contract/common';
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
    fiatCurrency: null,
    fiatRate: null,
    fiatAmount: null,
    fiatReceived: null,
    bankAccount: null,
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
    fiatCurrency: null,
    fiatRate: null,
    fiatAmount: null,
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

export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    symbol: 'BTCUSDT',
    name: 'Bitcoin',
    nameI18n: { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣' },
    category: 'crypto',
    pricePrecision: 2,
    periods: [
      { seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '10000' },
      { seconds: 60, payoutRate: '0.82', minStake: '10', maxStake: '20000' },
    ],
    feeRate: '0.01',
    source: 'simulated',
    enabled: true,
    sort: 10,
    last: '67250.12',
    lastTickAt: '2026-03-05T08:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: '9001',
    userId: '100',
    username: 'alice01',
    symbol: 'BTCUSDT',
    productName: 'Bitcoin',
    productNameI18n: { en: 'Bitcoin', vn: 'Bitcoin', zn: '比特幣' },
    direction: 'up',
    amount: '100',
    fee: '1',
    payoutRate: '0.85',
    period: 60,
    status: 'won',
    createdAt: '2026-03-05T08:00:00.250Z',
    endTime: '2026-03-05T08:01:00.250Z',
    entry: { time: '2026-03-05T08:00:01.000Z', price: '67250.12' },
    exit: { time: '2026-03-05T08:01:00.000Z', price: '67311.40' },
    lowest: '67190.01',
    highest: '67320.55',
    payout: '185',
    profit: '84',
    settledAt: '2026-03-05T08:01:01.120Z',
    balanceAfter: '899',
    source: 'simulated',
    ...overrides,
  };
}

export function page<T>(list: T[], total = list.length): Page<T> {
  return { list, total, page: 1, pageSize: 20 };
}
