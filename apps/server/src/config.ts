import { z } from 'zod';
import { parseSigningKey, type SigningKey } from './modules/fair/fair-key.js';
import { type EpochSecret, parseSeedSecret } from './modules/fair-epochs/epoch-secret.js';
import { CRYPTO_SYMBOLS } from './modules/markets/catalogue.js';
import type { MarketStreamConfig } from './modules/markets/price-source.js';

/** Environment variables, parsed once at start (DESIGN.md 1). A bad value stops the start. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** Connections to PostgreSQL per process: about twice the database's cores is plenty. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,32}$/, '3-32 letters, digits, _ . -')
      .optional(),
    ADMIN_PASSWORD: z.string().min(10, 'at least 10 characters').max(128).optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    /** Passkeys (issue 14): the relying party id (a domain) and the origins answers may come from; unset, the request's host. */
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^[a-z0-9.-]{1,253}$/i, 'a domain name, e.g. vela.example')
      .optional(),
    WEBAUTHN_ORIGIN: z.url().optional(),
    WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Vela'),
    /** Trust X-Forwarded-For from a load balancer in front, so rate limits see the real address. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Seed of the simulated price walk: the same seed and history give the same prices. */
    MARKET_SEED: z.string().min(1).max(64).default('vela'),
    /** A Binance-compatible trade stream; unset, every product is simulated. */
    MARKET_STREAM_URL: z
      .url()
      .max(2048)
      .regex(/^wss?:\/\//, 'must start with ws:// or wss://')
      .optional(),
    /** The product symbols the stream feeds, comma-separated; the others stay simulated. */
    MARKET_STREAM_SYMBOLS: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(
        z
          .array(z.string().regex(/^[A-Z0-9]{2,20}$/, 'product symbols like BTCUSDT, comma-separated'))
          .min(1)
          .max(100),
      )
      .optional(),
    /** Requests per minute and address on login, sign-up and password changes. */
    RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).max(100_000).default(20),
    RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).max(100_000).default(10),
    RATE_LIMIT_PASSWORD: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Support messages (text or image) per minute from one address. */
    RATE_LIMIT_SUPPORT: z.coerce.number().int().min(1).max(100_000).default(30),
    /**
     * The platform's Ed25519 key that signs the fairness checkpoints (PKCS#8 PEM, or the 32-byte seed
     * in hex). Unset, the key is DATA_DIR/fair-signing-key.pem, created on first start. Give every
     * process that does background work the same key when they do not share DATA_DIR.
     */
    FAIR_SIGNING_KEY: z
      .string()
      .refine(isSigningKey, 'an Ed25519 private key: PKCS#8 PEM, or its 32 bytes in hex')
      .optional(),
    /**
     * Length of the epochs of committed simulated prices (issue 13 section 2): each has a seed whose
     * SHA-256 is published 24 epochs ahead. A database keeps the length of its published epochs.
     */
    FAIR_EPOCH_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /**
     * The master secret the epoch seeds derive from (64 hex digits). Unset, it is
     * DATA_DIR/fair-seed-secret, created on first start. The process that runs the price engine
     * needs it (give every worker the same one when they do not share DATA_DIR); no other does.
     */
    FAIR_SEED_SECRET: z
      .string()
      .regex(/^\s*[0-9a-fA-F]{64}\s*$/, '32 bytes as 64 hex digits')
      .optional(),
    /** IANA zone whose midnight starts the earn day: daily interest is paid at 00:00 there. */
    PLATFORM_TIME_ZONE: z
      .string()
      .default('UTC')
      .refine(isTimeZone, 'an IANA time zone such as UTC or Asia/Ho_Chi_Minh'),
    /**
     * Proof of liabilities: a tree every platform day, or every this many seconds (at least 60) when
     * set, so tests and trials need not wait a day.
     */
    FAIR_LIABILITIES_EVERY_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(366 * 86_400)
      .optional(),
    /**
     * The key that encrypts users' TOTP secrets at rest (64 hex digits, AES-256-GCM); unset,
     * DATA_DIR/two-factor.key, created on first use. Never in the database, logs or answers.
     */
    TWO_FACTOR_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits (32 bytes)')
      .optional(),
    /** The master secret of the per-user leaf ids (64 hex digits); unset, one is kept in DATA_DIR. */
    FAIR_LIABILITIES_SECRET: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits (32 bytes)')
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.MARKET_STREAM_SYMBOLS && !e.MARKET_STREAM_URL) {
      ctx.addIssue({ code: 'custom', path: ['MARKET_STREAM_SYMBOLS'], message: 'needs MARKET_STREAM_URL' });
    }
  });

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  marketSeed: string;
  /** The live trade stream and the products it feeds; null when every product is simulated. */
  marketStream: MarketStreamConfig | null;
  /** Requests per window and address on the sensitive account calls. */
  rateLimits: {
    loginPerMinute: number;
    registerPerMinute: number;
    passwordPerMinute: number;
    supportMessagesPerMinute: number;
  };
  /** IANA time zone of the platform's day (earn accrual runs at its midnight). */
  platformTimeZone: string;
  /** FAIR_SIGNING_KEY, parsed (it shows only its public half); null: the key file in DATA_DIR. */
  fairSigningKey: SigningKey | null;
  /** Proof of liabilities: the interval (null: the platform day) and the master secret when given. */
  fairLiabilities: { everySeconds: number | null; secretHex: string | undefined };
  /** Length of a committed-price epoch (FAIR_EPOCH_SECONDS). */
  fairEpochSeconds: number;
  /** FAIR_SEED_SECRET (it shows as "[fair seed secret]"); null: the secret file in DATA_DIR. */
  fairSeedSecret: EpochSecret | null;
  /** TWO_FACTOR_KEY in hex (lower case); undefined: the key file in DATA_DIR (two-factor-key.ts). */
  twoFactorKeyHex: string | undefined;
  /** Passkeys' relying party: id and origin from the environment, each unset taken from the request's host. */
  webauthn: { rpId: string | undefined; origin: string | undefined; rpName: string };
}

function isSigningKey(text: string): boolean {
  try {
    parseSigningKey(text);
    return true;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    marketSeed: e.MARKET_SEED,
    marketStream: e.MARKET_STREAM_URL
      ? { url: e.MARKET_STREAM_URL, symbols: [...new Set(e.MARKET_STREAM_SYMBOLS ?? CRYPTO_SYMBOLS)] }
      : null,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN,
      registerPerMinute: e.RATE_LIMIT_REGISTER,
      passwordPerMinute: e.RATE_LIMIT_PASSWORD,
      supportMessagesPerMinute: e.RATE_LIMIT_SUPPORT,
    },
    platformTimeZone: e.PLATFORM_TIME_ZONE,
    fairSigningKey: e.FAIR_SIGNING_KEY ? parseSigningKey(e.FAIR_SIGNING_KEY) : null,
    fairLiabilities: {
      everySeconds: e.FAIR_LIABILITIES_EVERY_SECONDS ?? null,
      secretHex: e.FAIR_LIABILITIES_SECRET?.toLowerCase(),
    },
    fairEpochSeconds: e.FAIR_EPOCH_SECONDS,
    fairSeedSecret: e.FAIR_SEED_SECRET ? parseSeedSecret(e.FAIR_SEED_SECRET) : null,
    twoFactorKeyHex: e.TWO_FACTOR_KEY?.toLowerCase(),
    webauthn: { rpId: e.WEBAUTHN_RP_ID?.toLowerCase(), origin: e.WEBAUTHN_ORIGIN, rpName: e.WEBAUTHN_RP_NAME },
  };
}
