import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { BackgroundJobs } from '../../background-jobs.js';
import { ConfigError, loadConfig } from '../../config.js';
import { queryRows } from '../../db/rows.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { backfillHistory, seedProducts } from '../markets/markets.service.js';
import { useTestClock } from '../markets/markets.test-support.js';
import { parseSeedSecret, SEED_SECRET_FILE } from './epoch-secret.js';
import { fairEpochs } from './fair-epochs.tables.js';

/**
 * No unrevealed seed, and never the master secret, in any answer, log line, database row or the
 * configuration, while the background work commits, ticks and reveals (issue 13 section 2). The
 * scan is shown to work: a revealed seed is found where it is published.
 */
let t: TestApp;
let dataDir: string;
const logLines: string[] = [];
const EPOCH_MS = 60_000;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-epochs-'));
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    configure: (c) => {
      c.dataDir = dataDir;
      c.fairEpochSeconds = EPOCH_MS / 1000;
    },
    logStream,
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function everyRow(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
  );
  const dump: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      t.database.db,
      sql.raw(`SELECT row_to_json(x)::text AS row FROM "${name}" x`),
    );
    dump.push(...rows.map((r) => r.row));
  }
  return dump.join('\n');
}

test('the engine commits, ticks and reveals; no unrevealed seed and no master secret shows anywhere', async () => {
  await seedProducts(t.database.db);
  await backfillHistory(t.database.db, t.config.marketSeed, Math.floor(Date.now() / 1000), null, 5);
  const startMs = Math.ceil(Date.now() / EPOCH_MS) * EPOCH_MS + EPOCH_MS + 30_000;
  useTestClock(startMs);
  const jobs = new BackgroundJobs(t.config, t.database, t.app.events, t.app.log);
  await jobs.start();
  const answers: string[] = [];
  const get = async (url: string, token?: string) => {
    const r = await call(t.app, 'GET', url, undefined, { token });
    expect(r.status, url).toBeLessThan(500);
    answers.push(r.response.body);
    return r;
  };
  const firstEpoch = startMs - 30_000;
  try {
    const file = path.join(dataDir, SEED_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The running engine steps on its own; the test moves the clock into the next epoch and waits
    // for the reveal (a state, not a duration).
    vi.setSystemTime(firstEpoch + EPOCH_MS + 2_000);
    await waitUntil(async () => (await get('/api/fair/epochs')).data.list[0]?.seed !== null, 'the first seed revealed');
    const content = (await adminWithRole(t, 'content')).token;
    for (const url of [
      '/api/fair/epochs',
      `/api/fair/epochs?from=${firstEpoch}&to=${firstEpoch + 100 * EPOCH_MS}`,
      '/api/fair/paths?symbol=BTCUSDT',
      '/api/fair/epochs?from=oops',
      '/api/common/config',
      '/api/openapi.json',
    ]) {
      await get(url);
    }
    await get('/api/admin/products', content);
    for (const [url, body] of [
      ['/api/product/list', {}],
      ['/api/product/trunover', { symbol: 'BTCUSDT' }],
    ] as const) {
      const r = await call(t.app, 'POST', url, body);
      expect(r.code, url).toBe(0);
      answers.push(r.response.body);
    }
    await jobs.stop();

    const master = readFileSync(file, 'utf8').trim();
    const secret = parseSeedSecret(master);
    const now = Date.now();
    const published = await t.database.db.select().from(fairEpochs);
    expect(published.length).toBeGreaterThanOrEqual(26);
    const unrevealed = published.filter((e) => e.endMs > now).map((e) => secret.seedOf(e.startMs));
    const revealed = published.filter((e) => e.endMs <= now).map((e) => secret.seedOf(e.startMs).toString('hex'));
    expect(unrevealed.length).toBeGreaterThanOrEqual(24);
    expect(revealed.length).toBeGreaterThanOrEqual(1);
    const secrets = [
      master,
      Buffer.from(master, 'hex').toString('base64'),
      ...unrevealed.flatMap((seed) => [seed.toString('hex'), seed.toString('base64'), seed.toString('base64url')]),
    ];
    const everywhere = {
      answers: answers.join('\n'),
      logs: logLines.join(''),
      database: await everyRow(),
      config: inspect(t.config, { depth: 5 }) + JSON.stringify(t.config),
    };
    // The scan reads what was written: the revealed seed is in the answers and in its row.
    expect(everywhere.answers).toContain(revealed[0]);
    expect(everywhere.database).toContain(revealed[0]);
    expect(everywhere.logs).toContain(`fair epochs: created the seed secret ${file}`);
    for (const [where, text] of Object.entries(everywhere)) {
      for (const s of secrets) expect(text.includes(s), `${where} holds a secret`).toBe(false);
    }
  } finally {
    await jobs.stop();
  }
});

test('FAIR_SEED_SECRET and FAIR_EPOCH_SECONDS: checked at start, the secret never repeated', () => {
  const master = 'ab'.repeat(32);
  const config = loadConfig({ FAIR_SEED_SECRET: master, FAIR_EPOCH_SECONDS: '60' });
  expect(config.fairEpochSeconds).toBe(60);
  expect(config.fairSeedSecret?.commitmentOf(0)).toBe(parseSeedSecret(master).commitmentOf(0));
  expect(inspect(config, { depth: 5 }) + JSON.stringify(config)).not.toContain(master);
  expect(loadConfig({}).fairEpochSeconds).toBe(3600);
  expect(() => loadConfig({ FAIR_EPOCH_SECONDS: '59' })).toThrow(/FAIR_EPOCH_SECONDS/);
  const bad = `${master.slice(0, 62)}zz`;
  let message = '';
  try {
    loadConfig({ FAIR_SEED_SECRET: bad });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    message = (error as Error).message;
  }
  expect(message).toMatch(/FAIR_SEED_SECRET/);
  expect(message).not.toContain(bad);
});
