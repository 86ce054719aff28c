import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import * as schema from '../db/schema.js';
import { freePort } from '../test/ports.js';

/**
 * A database that is away (restarting, unreachable) answers 503 in the envelope, retryable, never a
 * 500: here a pool pointed at a port where nothing listens.
 */
let app: Awaited<ReturnType<typeof buildApp>>;
let pool: pg.Pool;

beforeAll(async () => {
  // A port nothing listens on: free a moment ago, and nobody took it.
  const port = await freePort();
  pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none`, max: 2 });
  pool.on('error', () => {});
  const database: Database = {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    close: () => pool.end(),
  };
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

test.each([
  ['GET', '/api/health', undefined],
  ['POST', '/api/user/login', { username: 'someone1', password: 'some-password-1' }],
  ['POST', '/api/product/list', {}],
] as const)('%s %s answers 503 in the envelope', async (method, url, payload) => {
  const r = await app.inject({ method, url, payload, headers: { 'accept-language': 'en' } });
  expect(r.statusCode).toBe(503);
  expect(r.headers['retry-after']).toBe('2');
  const body = JSON.parse(r.body);
  expect(body.code).toBe(5001);
  expect(body.msg).toBe('The service is briefly unavailable, please try again in a moment');
});

test('what counts as unavailable: connection failures and shutdowns, not a bad query', () => {
  expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
  expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(
    true,
  );
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
});
