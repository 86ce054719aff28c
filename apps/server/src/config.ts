import { z } from 'zod';

/** Environment variables, parsed once at start (DESIGN.md 1). A bad value stops the start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
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
  /** Trust X-Forwarded-For from a load balancer in front, so rate limits see the real address. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Seed of the simulated price walk: the same seed and history give the same prices. */
  MARKET_SEED: z.string().min(1).max(64).default('vela'),
  /** Requests per minute and address on login, sign-up and password changes. */
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).max(100_000).default(20),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_PASSWORD: z.coerce.number().int().min(1).max(100_000).default(10),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicOrigin: string | undefined;
  trustProxy: boolean;
  marketSeed: string;
  /** Requests per window and address on the sensitive account calls. */
  rateLimits: { loginPerMinute: number; registerPerMinute: number; passwordPerMinute: number };
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
    redisUrl: e.REDIS_URL,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    marketSeed: e.MARKET_SEED,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN,
      registerPerMinute: e.RATE_LIMIT_REGISTER,
      passwordPerMinute: e.RATE_LIMIT_PASSWORD,
    },
  };
}
