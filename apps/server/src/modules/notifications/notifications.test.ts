import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../markets/markets.test-support.js';
import { isType, listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';
import { fund, PAY, walletUser } from '../wallet/wallet.test-support.js';
import { createNotice } from './notifications.service.js';
import { notifications } from './notifications.tables.js';

let t: TestApp;
let wsUrl: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = await listenUrl(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t.close();
});

const post = (url: string, token: string, body: unknown = {}, lang = 'en') =>
  call(t.app, 'POST', url, body, { token, lang });
const rowsOf = (userId: number, kind?: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(
      kind ? and(eq(notifications.userId, userId), eq(notifications.kind, kind)) : eq(notifications.userId, userId),
    )
    .orderBy(notifications.id);

async function signedInSocket(token: string) {
  const socket = await openSocket(wsUrl);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  socket.send({ op: 'auth', token });
  expect(await socket.next(isType('auth'))).toEqual({ type: 'auth', ok: true });
  return socket;
}

describe('notices from what happened', () => {
  test('a changed payment password is stored once and pushed live with the unread count', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const socket = await signedInSocket(u.token);
    const r = await post('/api/user/reset_paypwd', u.token, { password: u.password, newPayPassword: PAY });
    expect(r.code).toBe(0);
    const pushed = await socket.next(isType('notification'));
    expect(pushed).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: { kind: 'pay_password_changed', isRead: false },
    });
    expect(await rowsOf(userId, 'pay_password_changed')).toHaveLength(1);
    const list = await post('/api/notification/list', u.token);
    expect(list.data).toMatchObject({ total: 1, unread: 1 });
    expect(list.data.list[0].id).toBe((pushed as { notification: { id: string } }).notification.id);
  });

  test('the same event told twice makes one notice (and one push)', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const socket = await signedInSocket(u.token);
    const notice = {
      userId,
      kind: 'withdrawal_state' as const,
      params: { id: '7', status: 'paid', amount: '10' },
      key: 'withdrawal:7:paid',
    };
    t.app.events.userNotice(notice);
    t.app.events.userNotice(notice);
    await socket.next(isType('notification'));
    // Told again after it was stored: the service answers nothing new.
    expect(await createNotice(t.database.db, notice)).toBeNull();
    // A later, different event is pushed next: no second push of the first came in between.
    t.app.events.userNotice({ ...notice, params: { ...notice.params, status: 'rejected' }, key: 'withdrawal:8:x' });
    const next = await socket.next(isType('notification'));
    expect(next).toMatchObject({ notification: { params: { status: 'rejected' } }, unread: 2 });
    expect((await rowsOf(userId, 'withdrawal_state')).map((n) => n.dedupeKey)).toEqual([
      'withdrawal:7:paid',
      'withdrawal:8:x',
    ]);
    expect(socket.received(isType('notification'))).toHaveLength(2);
  });

  test("the second-factor module's change becomes a security notice", async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    t.app.events.secondFactorChanged(userId, 'enabled');
    await waitUntil(async () => (await rowsOf(userId, 'second_factor_changed')).length === 1, 'the notice');
    const [row] = await rowsOf(userId, 'second_factor_changed');
    expect(row!.params).toEqual({ change: 'enabled' });
  });

  test('a confirmed deposit tells the user once, with the credited amount', async () => {
    const finance = await adminWithRole(t, 'finance');
    const u = await walletUser(t);
    const depositId = await fund(t, u, '25.5', finance.token);
    await waitUntil(async () => (await rowsOf(u.userId, 'deposit_credited')).length === 1, 'the deposit notice');
    const again = await call(t.app, 'POST', `/api/admin/deposits/${depositId}/confirm`, {}, { token: finance.token });
    expect(again.code).not.toBe(0);
    const rows = await rowsOf(u.userId, 'deposit_credited');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.params).toEqual({ id: depositId, amount: '25.5' });
  });
});

describe('reading and marking', () => {
  test('mark read, mark all read; another user can neither read nor mark yours', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const aId = Number(a.user.id);
    for (const key of ['k1', 'k2', 'k3']) {
      await createNotice(t.database.db, { userId: aId, kind: 'kyc_decided', params: { status: 'approved' }, key });
    }
    const listA = await post('/api/notification/list', a.token);
    expect(listA.data).toMatchObject({ total: 3, unread: 3 });
    const [first, second] = listA.data.list as { id: string }[];

    const listB = await post('/api/notification/list', b.token);
    expect(listB.data).toMatchObject({ total: 0, unread: 0, list: [] });
    const stolen = await post('/api/notification/read', b.token, { ids: [first!.id] }, 'vn');
    expect(stolen.status).toBe(404);
    expect(stolen.msg).toBe('Không tìm thấy thông báo');
    // One of A's ids with one of nobody's: refused whole, nothing marked.
    const mixed = await post('/api/notification/read', a.token, { ids: [first!.id, '999999999'] });
    expect(mixed.status).toBe(404);
    expect((await post('/api/notification/unread', a.token)).data).toEqual({ unread: 3 });

    const read = await post('/api/notification/read', a.token, { ids: [second!.id] });
    expect(read.data).toEqual({ unread: 2 });
    const unreadOnly = await post('/api/notification/list', a.token, { page: 1, pageSize: 20, unreadOnly: true });
    expect(unreadOnly.data.list.map((n: { id: string }) => n.id)).not.toContain(second!.id);
    expect((await post('/api/notification/read_all', a.token)).code).toBe(0);
    expect((await post('/api/notification/unread', a.token)).data).toEqual({ unread: 0 });
    expect((await post('/api/notification/list', b.token, {}, 'en')).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/notification/list', {})).status).toBe(401);
  });
});

describe('preferences', () => {
  test('security notices cannot be turned off; optional ones can, and then are not stored', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const refused = await post(
      '/api/notification/preferences/set',
      u.token,
      { kind: 'new_device_sign_in', enabled: false },
      'zn',
    );
    expect(refused.status).toBe(422);
    expect(refused.msg).toBe('安全通知無法關閉');
    const prefs = await post('/api/notification/preferences', u.token);
    expect(prefs.data).toContainEqual({ kind: 'new_device_sign_in', enabled: true, isRequired: true });
    expect(prefs.data).toContainEqual({ kind: 'withdrawal_state', enabled: true, isRequired: false });

    const off = await post('/api/notification/preferences/set', u.token, { kind: 'withdrawal_state', enabled: false });
    expect(off.data).toContainEqual({ kind: 'withdrawal_state', enabled: false, isRequired: false });
    expect(
      await createNotice(t.database.db, { userId, kind: 'withdrawal_state', params: { status: 'paid' }, key: 'w1' }),
    ).toBeNull();
    expect(
      await createNotice(t.database.db, { userId, kind: 'password_changed', params: {}, key: 'p1' }),
    ).not.toBeNull();
    expect((await rowsOf(userId)).map((n) => n.kind)).toEqual(['password_changed']);

    await post('/api/notification/preferences/set', u.token, { kind: 'withdrawal_state', enabled: true });
    expect(
      await createNotice(t.database.db, { userId, kind: 'withdrawal_state', params: { status: 'paid' }, key: 'w2' }),
    ).not.toBeNull();
    const unknown = await post('/api/notification/preferences/set', u.token, { kind: 'lottery', enabled: false });
    expect(unknown.status).toBe(400);
  });
});
