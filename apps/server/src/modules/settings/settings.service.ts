import { createHash } from 'node:crypto';
import type { TradingLimits } from '@app/contract/admin-markets';
import type { PublicConfig } from '@app/contract/common';
import { LANGS } from '@app/contract/lang';
import { DEFAULT_REFERRAL_SETTINGS, referralSettingsSchema } from '@app/contract/referral';
import {
  DEFAULT_TRC20_EXPLORER_TX_URL,
  DEFAULT_WITHDRAW_COOLDOWN_HOURS,
  migrateWalletRules,
  type WalletRules,
  walletRulesSchema,
} from '@app/contract/wallet-rules';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { SIMULATED_SOURCE } from '../markets/price-source.js';
import { settings as settingsTable } from './settings.tables.js';

/** Platform settings operators may change; each key has a schema and a default. */
export const DEFAULT_WALLET_RULES: WalletRules = {
  depositMinAmount: '10',
  withdrawMinAmount: '10',
  withdrawFeeFixed: '1',
  withdrawFeeRateBp: 50,
  withdrawDailyCountMax: 3,
  withdrawKycRequired: true,
  withdrawSecondApprovalFrom: '10000',
  // None until an operator enters the platform's receiving accounts; the app hides bank deposits till then.
  bankAccounts: [],
  trc20ExplorerTxUrl: DEFAULT_TRC20_EXPLORER_TX_URL,
  withdrawCooldownHours: DEFAULT_WITHDRAW_COOLDOWN_HOURS,
};

/**
 * Risk limits of timed orders (DESIGN.md 6.4). A stored value from before a limit existed takes that
 * limit's default instead of failing the whole settings.
 */
export const tradingLimitsSchema = z.object({
  maxOpenOrdersPerUser: z.number().int().min(1).max(1000),
  maxStakePerOrder: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/)
    .default('100000'),
  maxExposurePerSymbolDirection: z.string().regex(/^\d+(\.\d{1,6})?$/),
}) satisfies z.ZodType<TradingLimits, unknown>;
export type { TradingLimits };
export const DEFAULT_TRADING_LIMITS: TradingLimits = {
  maxOpenOrdersPerUser: 20,
  maxStakePerOrder: '100000',
  maxExposurePerSymbolDirection: '1000000',
};

export const platformSettingsSchema = z.object({
  webName: z.string().min(1).max(40).default('Vela'),
  inviteRequired: z.boolean().default(false),
  supportHours: z.string().max(80).default('24/7'),
  // Wallet rules stored with one receiving account (before there could be several) read as a list of it.
  wallet: z.preprocess(migrateWalletRules, walletRulesSchema).default(DEFAULT_WALLET_RULES),
  trading: tradingLimitsSchema.default(DEFAULT_TRADING_LIMITS),
  referral: referralSettingsSchema.default(DEFAULT_REFERRAL_SETTINGS),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** How long one process serves settings from memory before reading them again. */
const CACHE_TTL_MS = 5_000;

export interface SettingsService {
  get(): Promise<PlatformSettings>;
  /** The public config with its ETag, computed once per settings version. */
  publicConfig(): Promise<{ body: PublicConfig; etag: string }>;
  invalidate(): void;
  /**
   * Stores the given keys and writes one audit row with their old and new values; `alsoInTx` runs in
   * the same transaction (work that must change together with the setting).
   */
  update(values: Partial<PlatformSettings>, actor: AuditActor, alsoInTx?: (tx: Tx) => Promise<void>): Promise<void>;
}

/**
 * The stored settings read now, without the service's cache: for code that runs inside a transaction
 * of its own and has no service at hand (background jobs).
 */
export async function readPlatformSettings(db: DbOrTx): Promise<PlatformSettings> {
  const rows = await db.select().from(settingsTable);
  const raw = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  // A stored value that no longer fits its schema falls back to the default rather than break start-up.
  const parsed = platformSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : platformSettingsSchema.parse({});
}

/**
 * `marketSource`: what the public config says of the price feed (see marketSourceSummary);
 * `platformTimeZone`: the zone of the daily earn payouts, so screens can say when 00:00 there is for the user.
 */
export function createSettingsService(
  db: Db,
  marketSource = SIMULATED_SOURCE,
  platformTimeZone = 'UTC',
): SettingsService {
  let cached: { at: number; value: PlatformSettings; publicConfig: { body: PublicConfig; etag: string } } | null = null;

  async function load() {
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached;
    const value = await readPlatformSettings(db);
    const body: PublicConfig = {
      web_name: value.webName,
      languages: [...LANGS],
      defaultLang: 'zn',
      inviteRequired: value.inviteRequired,
      supportHours: value.supportHours,
      marketSource,
      currency: 'USDT',
      platformTimeZone,
      wallet: value.wallet,
    };
    const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
    cached = { at: Date.now(), value, publicConfig: { body, etag } };
    return cached;
  }

  return {
    get: async () => (await load()).value,
    publicConfig: async () => (await load()).publicConfig,
    invalidate: () => {
      cached = null;
    },
    update: async (values, actor, alsoInTx) => {
      const before = (await load()).value;
      await db.transaction(async (tx) => {
        for (const [key, value] of Object.entries(values)) {
          await tx
            .insert(settingsTable)
            .values({ key, value, updatedBy: actor.adminId })
            .onConflictDoUpdate({
              target: settingsTable.key,
              set: { value, updatedAt: sql`now()`, updatedBy: actor.adminId },
            });
        }
        const keys = Object.keys(values) as (keyof PlatformSettings)[];
        await recordAudit(tx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          targetId: keys.join(','),
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: values,
        });
        await alsoInTx?.(tx);
      });
      cached = null;
    },
  };
}
