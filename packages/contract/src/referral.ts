import { z } from 'zod';
import { moneySchema } from './money.js';

/**
 * Referral (DESIGN.md 6.6): one tier only. A user's level (1–9) follows how many of their direct
 * invitees have an approved deposit; at each settled order of a direct invitee the inviter gets the
 * level's rate of that order's fee.
 */

export const REFERRAL_LEVEL_COUNT = 9;
/** Rates are basis points of the order fee: 10 000 is the whole fee. */
export const REFERRAL_RATE_BP_MAX = 10_000;
/** A threshold above this is a typo, not a plan. */
export const REFERRAL_MIN_INVITEES_MAX = 1_000_000;

/** One row of the level table as stored and edited; the level is its place in the list (1-based). */
export const referralLevelRuleSchema = z.strictObject({
  minInvitees: z
    .number({ error: 'referral_min_invitees_invalid' })
    .int('referral_min_invitees_invalid')
    .min(0, 'referral_min_invitees_invalid')
    .max(REFERRAL_MIN_INVITEES_MAX, 'referral_min_invitees_invalid'),
  rateBp: z
    .number({ error: 'referral_rate_invalid' })
    .int('referral_rate_invalid')
    .min(0, 'referral_rate_invalid')
    .max(REFERRAL_RATE_BP_MAX, 'referral_rate_invalid'),
});
export type ReferralLevelRule = z.infer<typeof referralLevelRuleSchema>;

/**
 * The level table: exactly nine rows, level 1 from 0 qualified invitees (everyone has a level),
 * thresholds strictly rising and rates never falling as the level rises.
 */
export const referralSettingsSchema = z.strictObject({
  levels: z
    .array(referralLevelRuleSchema, { error: 'referral_levels_count' })
    .length(REFERRAL_LEVEL_COUNT, 'referral_levels_count')
    .superRefine((levels, ctx) => {
      if (levels.length !== REFERRAL_LEVEL_COUNT) return;
      if (levels[0]!.minInvitees !== 0) {
        ctx.addIssue({ code: 'custom', path: [0, 'minInvitees'], message: 'referral_first_level_from_zero' });
      }
      for (let i = 1; i < levels.length; i++) {
        if (levels[i]!.minInvitees <= levels[i - 1]!.minInvitees) {
          ctx.addIssue({ code: 'custom', path: [i, 'minInvitees'], message: 'referral_min_invitees_not_rising' });
        }
        if (levels[i]!.rateBp < levels[i - 1]!.rateBp) {
          ctx.addIssue({ code: 'custom', path: [i, 'rateBp'], message: 'referral_rate_falling' });
        }
      }
    }),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/**
 * The defaults: a modest share of the fee (never of the stake), 5 % for everyone, rising to 30 %
 * for an inviter with 100 invitees who deposited.
 */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  levels: [
    { minInvitees: 0, rateBp: 500 },
    { minInvitees: 1, rateBp: 800 },
    { minInvitees: 3, rateBp: 1000 },
    { minInvitees: 5, rateBp: 1200 },
    { minInvitees: 10, rateBp: 1500 },
    { minInvitees: 20, rateBp: 1800 },
    { minInvitees: 35, rateBp: 2200 },
    { minInvitees: 50, rateBp: 2600 },
    { minInvitees: 100, rateBp: 3000 },
  ],
};

/** The level reached with `qualifiedInvitees` direct invitees who have an approved deposit. */
export function referralLevelFor(levels: readonly ReferralLevelRule[], qualifiedInvitees: number): number {
  let level = 1;
  levels.forEach((rule, i) => {
    if (qualifiedInvitees >= rule.minInvitees) level = i + 1;
  });
  return level;
}

/** The inviter's cashback on one order fee: the rate's share, rounded down to the minor unit. */
export function referralCashbackMinor(feeMinor: bigint, rateBp: number): bigint {
  if (feeMinor <= 0n || rateBp <= 0) return 0n;
  return (feeMinor * BigInt(rateBp)) / BigInt(REFERRAL_RATE_BP_MAX);
}

// user/invite

export const inviteRequestSchema = z
  .strictObject({
    page: z.coerce.number({ error: 'page_invalid' }).int('page_invalid').min(1, 'page_invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'page_size_invalid' })
      .int('page_size_invalid')
      .min(1, 'page_size_invalid')
      .max(100, 'page_size_invalid')
      .default(20),
  })
  .optional();
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const referralLevelSchema = z.object({
  level: z.number().int().min(1).max(REFERRAL_LEVEL_COUNT),
  minInvitees: z.number().int(),
  rateBp: z.number().int(),
});
export type ReferralLevel = z.infer<typeof referralLevelSchema>;

/** A direct invitee as their inviter sees them: masked, with what they did. */
export const inviteeSchema = z.object({
  /** Masked, e.g. `al***e`. */
  username: z.string(),
  /** Masked, e.g. `138****5678`. */
  phone: z.string(),
  joinedAt: z.string(),
  hasDeposit: z.boolean(),
  /** Settled orders (won, lost or tie; a void order is not counted) and their total stake. */
  settledOrders: z.number().int(),
  volume: moneySchema,
  /** What the inviter has earned from this invitee's order fees. */
  cashback: moneySchema,
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const inviteOverviewSchema = z.object({
  inviteCode: z.string(),
  inviteLink: z.string(),
  level: z.number().int().min(1).max(REFERRAL_LEVEL_COUNT),
  /** The current level's cashback rate, basis points of the fee. */
  rateBp: z.number().int(),
  /** Direct invitees with an approved deposit: what the level follows. */
  qualifiedInvitees: z.number().int(),
  totalInvitees: z.number().int(),
  /** The next level and how many qualified invitees it needs; null at the top. */
  nextLevel: referralLevelSchema.nullable(),
  totalCashback: moneySchema,
  currency: z.literal('USDT'),
  levels: z.array(referralLevelSchema),
  invitees: z.object({
    list: z.array(inviteeSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type InviteOverview = z.infer<typeof inviteOverviewSchema>;

/** Masks a username for another user's eyes: the first two and last characters (one for short names). */
export function maskUsername(username: string): string {
  if (username.length <= 2) return `${username.slice(0, 1)}***`;
  const head = username.length >= 6 ? 2 : 1;
  return `${username.slice(0, head)}***${username.slice(-1)}`;
}
