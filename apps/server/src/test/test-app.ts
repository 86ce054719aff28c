import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { DEFAULT_WALLET_RULES } from '../modules/settings/settings.service.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * A whole app on a database of its own: in-memory PGlite by default; with TEST_DB=postgres, a fresh
 * database created on TEST_DATABASE_URL for this file and dropped afterwards.
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export const isPostgresRun = process.env.TEST_DB === 'postgres';

export interface TestAppOptions {
  configure?: (config: Config) => void;
  /** Receives the log lines (at trace level) instead of logging nothing. */
  logStream?: NodeJS.WritableStream;
  /**
   * The platform's withdrawal cooldown for new cards and addresses (issue 14). Tests of other things
   * bind and withdraw at once, so it is 0 here unless a test asks for one (the product's default is 24).
   */
  withdrawCooldownHours?: number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const wallet = { ...DEFAULT_WALLET_RULES, withdrawCooldownHours: options.withdrawCooldownHours ?? 0 };
  await database.db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('wallet', ${JSON.stringify(wallet)}::jsonb) ON CONFLICT DO NOTHING`,
  );
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  // Tests make many calls from one address; the rate-limit test sets its own numbers.
  config.rateLimits = {
    loginPerMinute: 10_000,
    registerPerMinute: 10_000,
    passwordPerMinute: 10_000,
    supportMessagesPerMinute: 10_000,
  };
  options.configure?.(config);
  if (options.logStream) config.logLevel = 'trace';
  const app = await buildApp({ config, database, logger: options.logStream ? { stream: options.logStream } : false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!isPostgresRun) {
    const copy = await copyOfMigratedTemplate();
    // Without the run's template (a file run outside the configured projects): an empty in-memory
    // PGlite, migrated here.
    if (!copy) return { database: await openDatabase({ memory: true }), drop: async () => {} };
    try {
      return { database: await openDatabase({ dataDir: copy.dir }), drop: async () => copy.remove() };
    } catch (error) {
      copy.remove();
      throw error;
    }
  }
  const scratch = await createScratchDatabase('vela_test');
  try {
    return { database: await openDatabase({ url: scratch.url, poolSize: 10 }), drop: scratch.drop };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * A PGlite data directory of this caller's own: a copy of the run's migrated template
 * (pglite-template.global-setup.ts). `openDatabase({ dataDir })` on it runs the server's whole
 * start (the migrations, found applied, and the function files) in a fraction of a second. Null
 * when the run has no template.
 */
export async function copyOfMigratedTemplate(): Promise<{ dir: string; remove: () => void } | null> {
  // Imported here, not at the top: the benchmarks load this file outside vitest.
  const { inject } = await import('vitest');
  const template = inject('pgliteTemplateDir');
  if (!template || !existsSync(template)) return null;
  const dir = mkdtempSync(path.join(path.dirname(template), 'db-'));
  cpSync(template, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

/** One API call through `inject`, with the parsed envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const parsed = response.body ? JSON.parse(response.body) : {};
  return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, response };
}

export interface CallResult {
  status: number;
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely and assert on them
  data: any;
  response: LightMyRequestResponse;
}

let sequence = 0;

/** A valid, unique sign-up. */
export function newUserInput(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const suffix = `${process.pid % 1000}${sequence}`.padStart(6, '0').slice(-6);
  return {
    username: `user${suffix}${randomBytes(2).toString('hex')}`,
    phone: `139${randomBytes(4).readUInt32BE(0).toString().padStart(8, '0').slice(-8)}`,
    password: 'correct-horse-1',
    ...overrides,
  };
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const input = newUserInput(overrides);
  const result = await call(app, 'POST', '/api/user/register', input);
  if (result.code !== 0) throw new Error(`register failed: ${result.msg} ${JSON.stringify(result.data)}`);
  return { ...input, token: result.data.token as string, user: result.data.user };
}
