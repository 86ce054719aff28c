import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { queryRows } from '../../db/rows.js';
import { adminWithRole } from '../../test/admins.js';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { codeNow, createTwoFactorTestApp, nextStep, startClock } from './two-factor.test-support.js';
import { TWO_FACTOR_KEY_FILE } from './two-factor-key.js';

/**
 * The TOTP secret is answered once, by the setup; afterwards it is in no answer, no log line (at
 * trace level) and no database row, and the key that encrypts it lives in DATA_DIR, owner-only, never
 * in the database. Recovery codes are answered once and stored only as HMACs.
 */
let t: TestApp & { dataDir: string };
const logLines: string[] = [];

beforeAll(async () => {
  startClock();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTwoFactorTestApp({ logStream });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

test('after setup, the secret, the key and the recovery codes show nowhere', async () => {
  const u = await registerUser(t.app);
  const answers: string[] = [];
  const post = async (url: string, body: unknown, token?: string) => {
    const r = await call(t.app, 'POST', url, body, { token });
    answers.push(r.response.body);
    return r;
  };
  const setup = await call(t.app, 'POST', '/api/user/two_factor/setup', {}, { token: u.token });
  const secret: string = setup.data.secret;
  const enabled = await call(
    t.app,
    'POST',
    '/api/user/two_factor/enable',
    { password: u.password, code: codeNow(secret) },
    { token: u.token },
  );
  const recoveryCodes: string[] = enabled.data.recoveryCodes;
  expect(recoveryCodes).toHaveLength(10);
  nextStep();

  // Everything a user and an operator read afterwards, and every way of using the factor.
  await post('/api/user/two_factor/status', {}, u.token);
  await post('/api/user/details', {}, u.token);
  await post('/api/user/two_factor/setup', {}, u.token);
  const challenge = (await post('/api/user/login', { username: u.username, password: u.password })).data.challenge;
  await post('/api/user/login_two_factor', { challenge, code: '000000' });
  await post('/api/user/login_two_factor', { challenge, code: codeNow(secret) });
  await post('/api/user/login_two_factor', { challenge, code: recoveryCodes[0] });
  await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: '135790', twoFactorCode: '123456' }, u.token);
  const support = await adminWithRole(t, 'support');
  answers.push(
    (await call(t.app, 'GET', `/api/admin/users/${u.user.id}/two_factor`, undefined, { token: support.token })).response
      .body,
  );
  answers.push(
    (await call(t.app, 'GET', `/api/admin/users/${u.user.id}`, undefined, { token: support.token })).response.body,
  );
  answers.push((await call(t.app, 'GET', '/api/openapi.json')).response.body);

  const keyFile = path.join(t.dataDir, TWO_FACTOR_KEY_FILE);
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  const keyHex = readFileSync(keyFile, 'utf8').trim();
  expect(keyHex).toMatch(/^[0-9a-f]{64}$/);

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
  const logs = logLines.join('');
  // The scan reads what was written: the requests were logged, the rows are there.
  expect(logs).toContain('/api/user/login_two_factor');
  expect(dump.join('\n')).toContain('"status":"enabled"');

  const everywhere = { answers: answers.join('\n'), logs, database: dump.join('\n') };
  const secrets = [
    secret,
    secret.toLowerCase(),
    keyHex,
    ...recoveryCodes,
    ...recoveryCodes.map((c) => c.replace('-', '')),
  ];
  for (const [where, text] of Object.entries(everywhere)) {
    for (const s of secrets) expect(text.includes(s), `${where} holds ${s.slice(0, 4)}…`).toBe(false);
  }
});
