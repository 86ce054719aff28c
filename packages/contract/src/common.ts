import { z } from 'zod';
import { LANGS } from './lang.js';
import { walletRulesSchema } from './wallet-rules.js';

/** The response envelope of every call (DESIGN.md 4). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** `data` of an error envelope for a validation failure: one message per bad field. */
export interface ValidationErrorData {
  fields: Record<string, string>;
}

export const pageRequestSchema = z.strictObject({
  page: z.coerce.number({ error: 'page_invalid' }).int('page_invalid').min(1, 'page_invalid').default(1),
  pageSize: z.coerce
    .number({ error: 'page_size_invalid' })
    .int('page_size_invalid')
    .min(1, 'page_size_invalid')
    .max(100, 'page_size_invalid')
    .default(20),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

/**
 * The specification's client (sections 3 and 6) takes the token from the payload of a withdrawal or
 * a DeFi call, sends it as the header and blanks it in the body: a `token` or `Authorization` field
 * may arrive, empty or not. It is accepted and ignored: the header is the only credential.
 */
export const clientTokenFields = {
  token: z.string().max(512, 'invalid').optional(),
  Authorization: z.string().max(512, 'invalid').optional(),
};

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const publicConfigSchema = z.object({
  web_name: z.string(),
  languages: z.array(z.enum(LANGS)),
  defaultLang: z.enum(LANGS),
  inviteRequired: z.boolean(),
  supportHours: z.string(),
  /** "simulated" when every product is; "mixed" when a live stream feeds some (each product says which). */
  marketSource: z.string(),
  currency: z.string(),
  /** The IANA zone in which earn interest is paid daily at 00:00 (screens show that moment in the user's zone). */
  platformTimeZone: z.string(),
  /** Deposit and withdrawal rules, so screens can show minimums and fees before asking. */
  wallet: walletRulesSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  role: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

export const emptySchema = z.strictObject({});
export const nullSchema = z.null();
