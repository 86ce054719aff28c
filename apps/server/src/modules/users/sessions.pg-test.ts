import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { call, registerUser } from '../../test/test-app.js';
import { isType, listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';

/**
 * Two apps on one PostgreSQL database, as two API processes: a session ended through one is refused
 * by the other at once, and the user's sockets on the other hear `session_ended` (the bus carries it).
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `vela_sess_${randomBytes(4).toString('hex')}`;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
const urls: string[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ url: url.toString(), poolSize: 5 });
    databases.push(database);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString() });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
    urls.push(await listenUrl(app));
  }
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

test('a session ended through one process is refused by the other, whose sockets hear it', async () => {
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  const u = await registerUser(a);
  const other = await call(b, 'POST', '/api/user/login', { username: u.username, password: u.password });
  expect(other.code).toBe(0);
  // B has just served the registration token (and cached it).
  expect((await call(b, 'POST', '/api/user/details', {}, { token: u.token })).code).toBe(0);
  const socket = await openSocket(urls[1]!);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  socket.send({ op: 'auth', token: other.data.token });
  expect(await socket.next(isType('auth'))).toEqual({ type: 'auth', ok: true });

  const ended = await call(a, 'POST', '/api/user/sessions/end_others', {}, { token: other.data.token });
  expect(ended.data).toEqual({ ended: 1 });
  expect(await socket.next(isType('session_ended'))).toEqual({ type: 'session_ended' });
  expect((await call(b, 'POST', '/api/user/details', {}, { token: u.token })).status).toBe(401);
  expect((await call(b, 'POST', '/api/user/details', {}, { token: other.data.token })).code).toBe(0);
});

test('a notice told in one process reaches the user socket on the other', async () => {
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  const u = await registerUser(a);
  const socket = await openSocket(urls[1]!);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  socket.send({ op: 'auth', token: u.token });
  await socket.next(isType('auth'));
  const r = await call(
    a,
    'POST',
    '/api/user/reset_paypwd',
    { password: u.password, newPayPassword: '246802' },
    { token: u.token },
  );
  expect(r.code).toBe(0);
  expect(await socket.next(isType('notification'))).toMatchObject({
    notification: { kind: 'pay_password_changed' },
    unread: 1,
  });
  const list = await call(b, 'POST', '/api/notification/list', {}, { token: u.token });
  expect(list.data.total).toBe(1);
});
