import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BackgroundJobs } from '../../background-jobs.js';
import { queryRows } from '../../db/rows.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { backfillHistory, seedProducts } from '../markets/markets.service.js';
import { SIGNING_KEY_FILE } from './fair-key.js';

/**
 * The private signing key is created on a first start in DATA_DIR, owner-only, and appears in no
 * answer, no log line and no database row, while the background work signs with it.
 */
let t: TestApp;
let dataDir: string;
const logLines: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vela-fair-secrecy-'));
  const logStream = new (await import('node:stream')).Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ configure: (c) => (c.dataDir = dataDir), logStream });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the background work creates the key, signs with it, and the key shows nowhere', async () => {
  // A short history first, so that the engine's start only loads it.
  await seedProducts(t.database.db);
  await backfillHistory(t.database.db, t.config.marketSeed, Math.floor(Date.now() / 1000), null, 5);
  const jobs = new BackgroundJobs(t.config, t.database, t.app.events, t.app.log);
  await jobs.start();
  const answers: string[] = [];
  try {
    const file = path.join(dataDir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The first checkpoint is made at once on start; ticks follow each second. States, not durations.
    // (A first checkpoint that never comes fails on the test's time limit.)
    for (;;) {
      const r = await call(t.app, 'GET', '/api/fair/checkpoints');
      answers.push(r.response.body);
      if (r.data?.list?.length > 0) break;
      await sleep(50);
    }
    for (const url of [
      '/api/fair/key',
      '/api/fair/checkpoints?fromSeq=1&limit=5',
      `/api/fair/ticks?symbol=BTCUSDT&from=${Date.now() - 60_000}`,
      '/api/fair/ticks?symbol=BTCUSDT&from=oops',
      '/api/common/config',
    ]) {
      const r = await call(t.app, 'GET', url);
      expect(r.status, url).toBeLessThan(500);
      answers.push(r.response.body);
    }
    expect(answers.join('\n')).toContain('"list":[{"seq":1');
    expect(answers.join('\n')).toContain('BEGIN PUBLIC KEY');

    const pem = readFileSync(file, 'utf8');
    const seed = Buffer.from(createPrivateKey(pem).export({ format: 'jwk' }).d!, 'base64url');
    const body = pem.split('\n').filter((l) => l && !l.startsWith('-----'));
    const secrets = [seed.toString('hex'), seed.toString('base64'), seed.toString('base64url'), ...body];
    // Every row of every table, as text (bytea as hex).
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
    // The scan reads what was written: the public key and the checkpoints' signatures are there.
    const publicKeyHex = JSON.parse(answers.find((a) => a.includes('BEGIN PUBLIC KEY'))!).data.hex;
    expect(dump.join('\n')).toContain(publicKeyHex);
    expect(dump.join('\n')).toMatch(/"signature":"\\\\x[0-9a-f]{128}"/);
    const logs = logLines.join('');
    expect(logs).toContain('fair checkpoints: signing with public key');
    expect(logs).toContain(`fair checkpoints: created the signing key ${file}`);
    const everywhere = {
      answers: answers.join('\n'),
      logs,
      database: dump.join('\n'),
      config: inspect(t.config, { depth: 5 }),
    };
    for (const [where, text] of Object.entries(everywhere)) {
      for (const secret of secrets) expect(text.includes(secret), `${where} holds the private key`).toBe(false);
    }
  } finally {
    await jobs.stop();
  }
});
