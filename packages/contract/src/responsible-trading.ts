import { z } from 'zod';
import { amountSchema, moneySchema } from './money.js';

/**
 * Responsible trading (issue 14, Deriv's responsible trading as the anchor): limits the user sets on
 * themselves, a reality check, and self-exclusion or a cool-off that nobody can lift early.
 *
 * Periods (day, week, month) are calendar periods in the platform's time zone; a week starts on
 * Monday. What each limit counts:
 * - deposit*: the amounts of deposit requests submitted in the period that were not rejected
 *   (pending ones count: the request is refused when it is submitted).
 * - stake*: the stakes of real orders accepted in the period that were not void.
 * - loss*: the net loss of the period, the worst case included: for every real order settled in the
 *   period (won, lost or tie) stake + fee − payout (a win counts negative, it offsets losses), plus
 *   stake + fee of every open order (it could still be lost entirely), plus stake + fee of the new
 *   order. An order is refused when that sum would go over the limit, so the limit can never be
 *   passed, whatever the open orders end as.
 * - orderStake: the most one order may stake.
 * - sessionMinutes: after this many minutes since login the user is signed out.
 */
export const AMOUNT_LIMIT_NAMES = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'stakeDay',
  'stakeWeek',
  'stakeMonth',
  'orderStake',
] as const;
export type AmountLimitName = (typeof AMOUNT_LIMIT_NAMES)[number];
export const LIMIT_NAMES = [...AMOUNT_LIMIT_NAMES, 'sessionMinutes'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** A raised or removed limit waits this long; a lowered (or new) one applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_MINUTES_MIN = 5;
export const SESSION_MINUTES_MAX = 24 * 60;
export const REALITY_CHECK_MINUTES_MIN = 10;
export const REALITY_CHECK_MINUTES_MAX = 60;
export const COOL_OFF_DAYS = [1, 7, 30] as const;
export const SELF_EXCLUSION_MONTHS_MIN = 6;
export const SELF_EXCLUSION_MONTHS_MAX = 60;

/** One limit as the screen shows it: the value in force and a raise or removal waiting for its time. */
export const limitViewSchema = z.object({
  name: z.enum(LIMIT_NAMES),
  /** Money as a decimal string; minutes for sessionMinutes; null: no limit. */
  value: z.string().nullable(),
  pending: z.object({ value: z.string().nullable(), effectiveAt: z.string() }).nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(['cool_off', 'self_exclusion']),
  since: z.string(),
  until: z.string(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const responsibleStateSchema = z.object({
  limits: z.array(limitViewSchema),
  /** null: off. */
  realityCheckMinutes: z.number().int().nullable(),
  /** In force now; null when none. */
  exclusion: exclusionSchema.nullable(),
});
export type ResponsibleState = z.infer<typeof responsibleStateSchema>;

const sessionMinutesSchema = z
  .number({ error: 'invalid' })
  .int('invalid')
  .min(SESSION_MINUTES_MIN, 'invalid')
  .max(SESSION_MINUTES_MAX, 'invalid');

/** Every limit the request names is set to its value (null removes it); the others stay. */
export const setLimitsRequestSchema = z.strictObject({
  limits: z
    .strictObject(
      Object.fromEntries(AMOUNT_LIMIT_NAMES.map((name) => [name, amountSchema().nullable().optional()])) as Record<
        AmountLimitName,
        z.ZodOptional<z.ZodNullable<ReturnType<typeof amountSchema>>>
      >,
    )
    .extend({ sessionMinutes: sessionMinutesSchema.nullable().optional() }),
});
export type SetLimitsRequest = z.infer<typeof setLimitsRequestSchema>;

export const setRealityCheckRequestSchema = z.strictObject({
  minutes: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(REALITY_CHECK_MINUTES_MIN, 'invalid')
    .max(REALITY_CHECK_MINUTES_MAX, 'invalid')
    .nullable(),
});
export type SetRealityCheckRequest = z.infer<typeof setRealityCheckRequestSchema>;

export const excludeRequestSchema = z.strictObject({
  period: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('cool_off'), days: z.union(COOL_OFF_DAYS.map((d) => z.literal(d))) }),
    z.strictObject({
      kind: z.literal('self_exclusion'),
      months: z
        .number({ error: 'invalid' })
        .int('invalid')
        .min(SELF_EXCLUSION_MONTHS_MIN, 'invalid')
        .max(SELF_EXCLUSION_MONTHS_MAX, 'invalid'),
    }),
  ]),
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(128, 'invalid'),
});
export type ExcludeRequest = z.infer<typeof excludeRequestSchema>;

/** The reality check: this session since login (the current session's sign-in), real orders only. */
export const sessionSummarySchema = z.object({
  loginAt: z.string(),
  /** When the session time limit signs the user out; null without one. */
  endsAt: z.string().nullable(),
  realityCheckMinutes: z.number().int().nullable(),
  orders: z.number().int(),
  /** Stakes of the orders accepted in the session (void ones not counted). */
  stake: moneySchema,
  /** Payouts of the session's orders that won. */
  won: moneySchema,
  /** Stake + fee of the session's orders that lost (a tie loses its fee). */
  lost: moneySchema,
  /** won − stake − fees of the settled orders: what the session made (negative: lost). */
  net: moneySchema,
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** `data` of a refusal by one of the user's own limits. */
export const limitRefusalDataSchema = z.object({
  limit: z.enum(LIMIT_NAMES),
  /** When the period's total starts again from zero; null for the per-order maximum. */
  resetsAt: z.string().nullable(),
});
export type LimitRefusalData = z.infer<typeof limitRefusalDataSchema>;

type Texts = Record<'en' | 'vn' | 'zn', string>;

/** The limits' names as the user reads them (the server's refusals and the responsible screen). */
export const LIMIT_LABELS: Record<LimitName, Texts> = {
  depositDay: { en: 'daily deposit limit', vn: 'giới hạn nạp tiền mỗi ngày', zn: '每日充值上限' },
  depositWeek: { en: 'weekly deposit limit', vn: 'giới hạn nạp tiền mỗi tuần', zn: '每週充值上限' },
  depositMonth: { en: 'monthly deposit limit', vn: 'giới hạn nạp tiền mỗi tháng', zn: '每月充值上限' },
  lossDay: { en: 'daily loss limit', vn: 'giới hạn thua lỗ mỗi ngày', zn: '每日虧損上限' },
  lossWeek: { en: 'weekly loss limit', vn: 'giới hạn thua lỗ mỗi tuần', zn: '每週虧損上限' },
  lossMonth: { en: 'monthly loss limit', vn: 'giới hạn thua lỗ mỗi tháng', zn: '每月虧損上限' },
  stakeDay: { en: 'daily stake limit', vn: 'giới hạn tiền đặt mỗi ngày', zn: '每日下單總額上限' },
  stakeWeek: { en: 'weekly stake limit', vn: 'giới hạn tiền đặt mỗi tuần', zn: '每週下單總額上限' },
  stakeMonth: { en: 'monthly stake limit', vn: 'giới hạn tiền đặt mỗi tháng', zn: '每月下單總額上限' },
  orderStake: { en: 'maximum stake per order', vn: 'tiền đặt tối đa mỗi lệnh', zn: '單筆下單上限' },
  sessionMinutes: { en: 'session time limit', vn: 'giới hạn thời gian phiên', zn: '登入時間上限' },
};

const LOCALES: Record<'en' | 'vn' | 'zn', string> = { en: 'en-GB', vn: 'vi-VN', zn: 'zh-TW' };
const RESETS: Texts = { en: 'resets {{at}}', vn: 'đặt lại lúc {{at}}', zn: '於 {{at}} 重新計算' };
const UNTIL: Texts = { en: 'until {{at}}', vn: 'đến {{at}}', zn: '直到 {{at}}' };

/**
 * The refusal's own words with what `data` says (a client that shows only `msg`, as the
 * specification's does, still tells which limit and when it resets): "<message>: <limit>, resets
 * <time in the platform's zone, named>". Undefined when `data` is not a limit's refusal.
 */
export function describeOwnLimitRefusal(
  message: string,
  data: unknown,
  lang: 'en' | 'vn' | 'zn',
  timeZone: string,
): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const at = (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).format(new Date(iso));
  const d = data as { limit?: unknown; resetsAt?: unknown; until?: unknown };
  if (typeof d.until === 'string') return `${message} (${UNTIL[lang].replace('{{at}}', at(d.until))})`;
  if (typeof d.limit !== 'string' || !Object.hasOwn(LIMIT_LABELS, d.limit)) return undefined;
  const label = LIMIT_LABELS[d.limit as LimitName][lang];
  const resets = typeof d.resetsAt === 'string' ? `, ${RESETS[lang].replace('{{at}}', at(d.resetsAt))}` : '';
  return `${message} (${label}${resets})`;
}
