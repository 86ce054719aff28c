import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, registerUser } from '../../test/test-app.js';
import { openTwoApps, type TwoApps } from '../../test/two-apps.js';
import { isType, listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';

/**
 * Two apps on one PostgreSQL database, as two API processes: a session ended through one is refused
 * by the other at once, and the user's sockets on the other hear `session_ended` (the bus carries it).
 */
let two: TwoApps;
let apps: TwoApps['apps'];
const urls: string[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  two = await openTwoApps('vela_sess');
  ({ apps } = two);
  for (const app of apps) urls.push(await listenUrl(app));
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await two?.close();
});

test('a session ended through one process is refused by the other, whose sockets hear it', async () => {
  const [a, b] = apps;
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
  const [a, b] = apps;
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
