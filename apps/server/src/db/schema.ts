// Every table of every module, for Drizzle and drizzle-kit. Modules own their tables; this only lists them.
export * from '../modules/admin-auth/admin-auth.tables.js';
export * from '../modules/audit/audit.tables.js';
export * from '../modules/content/content.tables.js';
export * from '../modules/earn/flexible.tables.js';
export * from '../modules/earn/wealth.tables.js';
export * from '../modules/fair/fair.tables.js';
export * from '../modules/fair-epochs/fair-epochs.tables.js';
export * from '../modules/fair-liabilities/fair-liabilities.tables.js';
export * from '../modules/idempotency/idempotency.tables.js';
export * from '../modules/kyc/kyc.tables.js';
export * from '../modules/ledger/ledger.tables.js';
export * from '../modules/markets/markets.tables.js';
export * from '../modules/orders/orders.tables.js';
export * from '../modules/settings/settings.tables.js';
export * from '../modules/support/support.tables.js';
export * from '../modules/users/users.tables.js';
export * from '../modules/wallet/wallet.tables.js';
