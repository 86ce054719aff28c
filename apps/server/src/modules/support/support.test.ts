import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerMessage } from '@app/contract/realtime';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { adminWithRole, ownerToken } from '../../test/admins.js';
import {
  type CallOptions,
  call,
  copyOfMigratedTemplate,
  createTestApp,
  registerUser,
  type TestApp,
} from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { isType, listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';
import { supportConversations, supportMessages } from './support.tables.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestApp;
let dataDir: string;
let url: string;
let agent: { id: string; token: string };
let owner: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'support-test-'));
  t = await createTestApp({
    configure: (c) => {
      c.dataDir = dataDir;
    },
  });
  url = await listenUrl(t.app);
  owner = await ownerToken(t);
  agent = await adminWithRole(t, 'support');
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newVisitorToken = () => randomBytes(16).toString('hex');
const visitor = (token: string): CallOptions => ({ headers: { 'x-visitor-token': token }, lang: 'en' });
const asUser = (token: string): CallOptions => ({ token, lang: 'en' });
const asAdmin = (token: string): CallOptions => ({ token, lang: 'en' });

async function connect(): Promise<TestSocket> {
  const socket = await openSocket(url);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  return socket;
}

async function uploadImage(bytes: Buffer, headers: Record<string, string>, target = '/api/support/upload') {
  const data = new FormData();
  data.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await t.app.inject({
    method: 'POST',
    url: target,
    headers: { 'accept-language': 'en', ...headers },
    payload: data as unknown as string,
  });
  const body = JSON.parse(response.body);
  return { status: response.statusCode, code: body.code as number, data: body.data, msg: body.msg as string };
}

async function messageCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(supportMessages);
  return row!.n;
}

describe('the user side', () => {
  test('a user opens their conversation, sends text, and it is stored', async () => {
    const u = await registerUser(t.app);
    const opened = await call(t.app, 'POST', '/api/support/conversation', {}, asUser(u.token));
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({
      status: 'open',
      unread: 0,
      messages: [],
      hasMore: false,
      supportHours: '24/7',
    });
    const sent = await call(t.app, 'POST', '/api/support/send', { text: '  Hello, I need help  ' }, asUser(u.token));
    expect(sent.data).toMatchObject({ sender: 'user', text: 'Hello, I need help', image: null, adminUsername: null });
    const again = await call(t.app, 'POST', '/api/support/conversation', {}, asUser(u.token));
    expect(again.data.id).toBe(opened.data.id);
    expect(again.data.messages.map((m: { text: string }) => m.text)).toEqual(['Hello, I need help']);
    const rows = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, Number(opened.data.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toBe('Hello, I need help');
  });

  test('older messages come in pages, oldest first within a page', async () => {
    const u = await registerUser(t.app);
    for (let i = 1; i <= 35; i++) await call(t.app, 'POST', '/api/support/send', { text: `m${i}` }, asUser(u.token));
    const first = await call(t.app, 'POST', '/api/support/conversation', {}, asUser(u.token));
    expect(first.data.messages).toHaveLength(30);
    expect(first.data.messages[0].text).toBe('m6');
    expect(first.data.hasMore).toBe(true);
    const older = await call(
      t.app,
      'POST',
      '/api/support/messages',
      { beforeId: first.data.messages[0].id, limit: 30 },
      asUser(u.token),
    );
    expect(older.data.messages.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.data.hasMore).toBe(false);
  });

  test('empty, too long or control-character text is refused and changes nothing', async () => {
    const u = await registerUser(t.app);
    const before = await messageCount();
    for (const text of ['', '   ', 'x'.repeat(2001), 'bell\u0007', 'half \ud83d pair']) {
      const r = await call(t.app, 'POST', '/api/support/send', { text }, asUser(u.token));
      expect(r.status).toBe(400);
      expect(r.data.fields.text).toBeTruthy();
    }
    const extra = await call(t.app, 'POST', '/api/support/send', { text: 'hi', to: 'someone' }, asUser(u.token));
    expect(extra.status).toBe(400);
    expect((await call(t.app, 'POST', '/api/support/send', { text: 'x'.repeat(2000) }, asUser(u.token))).code).toBe(0);
    expect(await messageCount()).toBe(before + 1);
  });

  test('images: a real image is stored and served to the owner only; anything else is refused', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const before = await messageCount();
    const filesBefore = await readdir(path.join(dataDir, 'uploads', 'chat')).catch(() => []);
    const bad = await uploadImage(SVG, { authorization: `Bearer ${u.token}` });
    expect(bad.status).toBe(415);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/support/upload',
      headers: { authorization: `Bearer ${u.token}` },
      payload: new FormData() as unknown as string,
    });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    expect(await messageCount()).toBe(before);
    expect(await readdir(path.join(dataDir, 'uploads', 'chat')).catch(() => [])).toEqual(filesBefore);

    const good = await uploadImage(JPEG, { authorization: `Bearer ${u.token}` });
    expect(good.code).toBe(0);
    expect(good.data.image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/support/image/${good.data.image}`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.rawPayload.equals(JPEG)).toBe(true);

    await call(t.app, 'POST', '/api/support/conversation', {}, asUser(other.token));
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/support/image/${good.data.image}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/support/image/${good.data.image}`,
      headers: { 'x-visitor-token': newVisitorToken() },
    });
    expect(anonymous.statusCode).toBe(404);
    const asAgent = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support/image/${good.data.image}`,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(asAgent.statusCode).toBe(200);
  });

  test("a user never sees another's conversation", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await call(t.app, 'POST', '/api/support/send', { text: 'alice secret' }, asUser(alice.token));
    const bobs = await call(t.app, 'POST', '/api/support/conversation', {}, asUser(bob.token));
    expect(bobs.data.messages).toEqual([]);
    const older = await call(t.app, 'POST', '/api/support/messages', { limit: 100 }, asUser(bob.token));
    expect(older.data.messages).toEqual([]);
    // The user calls take no conversation id at all; the admin ones refuse users.
    const adminCall = await call(t.app, 'GET', `/api/admin/support/conversations/${bobs.data.id}`, undefined, {
      token: alice.token,
    });
    expect(adminCall.status).toBe(401);
  });

  test('without a session or a visitor id the calls answer 401; a malformed visitor id 400; a bad session 401', async () => {
    expect((await call(t.app, 'POST', '/api/support/conversation', {})).status).toBe(401);
    const malformed = await call(t.app, 'POST', '/api/support/conversation', {}, visitor('short'));
    expect(malformed.status).toBe(400);
    expect(malformed.data.fields.visitorToken).toBe('The visitor id is not valid');
    const badSession = await call(t.app, 'POST', '/api/support/conversation', {}, asUser('not-a-token'));
    expect(badSession.status).toBe(401);
  });
});

describe('after a restart', () => {
  test('the conversation and its image are still there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'support-restart-'));
    // The database starts as a copy of the run's migrated one (test-app.ts) when there is one.
    const copy = await copyOfMigratedTemplate();
    if (!copy) throw new Error('the migrated PGlite template is missing (vitest global setup)');
    const start = async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir });
      const database = await openDatabase({ dataDir: copy.dir });
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      const close = async () => {
        await app.close();
        await database.close();
      };
      return { app, close };
    };
    const token = newVisitorToken();
    try {
      const first = await start();
      await call(first.app, 'POST', '/api/support/send', { text: 'before the restart' }, visitor(token));
      const data = new FormData();
      data.append('image', new Blob([JPEG], { type: 'image/jpeg' }), 'p.jpg');
      const uploaded = await first.app.inject({
        method: 'POST',
        url: '/api/support/upload',
        headers: { 'x-visitor-token': token },
        payload: data as unknown as string,
      });
      const image = JSON.parse(uploaded.body).data.image as string;
      await first.close();

      const second = await start();
      const again = await call(second.app, 'POST', '/api/support/conversation', {}, visitor(token));
      expect(again.data.messages.map((m: { text: string | null; image: string | null }) => m.text ?? m.image)).toEqual([
        'before the restart',
        image,
      ]);
      const bytes = await second.app.inject({
        method: 'GET',
        url: `/api/support/image/${image}`,
        headers: { 'x-visitor-token': token },
      });
      expect(bytes.rawPayload.equals(JPEG)).toBe(true);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
      copy?.remove();
    }
  }, 30_000);
});

describe('visitors', () => {
  test('a visitor chats by their token; another token sees nothing; signing in takes the chat along', async () => {
    const token = newVisitorToken();
    const sent = await call(t.app, 'POST', '/api/support/send', { text: 'visitor here' }, visitor(token));
    expect(sent.code).toBe(0);
    const mine = await call(t.app, 'POST', '/api/support/conversation', {}, visitor(token));
    expect(mine.data.messages.map((m: { text: string }) => m.text)).toEqual(['visitor here']);
    const stranger = await call(t.app, 'POST', '/api/support/conversation', {}, visitor(newVisitorToken()));
    expect(stranger.data.messages).toEqual([]);
    expect(stranger.data.id).not.toBe(mine.data.id);
    const [stored] = await t.database.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, Number(mine.data.id)));
    expect(stored!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.visitorHash).not.toContain(token);

    const u = await registerUser(t.app);
    const adopted = await call(
      t.app,
      'POST',
      '/api/support/conversation',
      {},
      {
        token: u.token,
        headers: { 'x-visitor-token': token },
      },
    );
    expect(adopted.data.id).toBe(mine.data.id);
    expect(adopted.data.messages.map((m: { text: string }) => m.text)).toEqual(['visitor here']);
    // The token alone no longer opens it.
    const after = await call(t.app, 'POST', '/api/support/conversation', {}, visitor(token));
    expect(after.data.id).not.toBe(mine.data.id);
    expect(after.data.messages).toEqual([]);
  });
});

describe('live over /api/ws', () => {
  test('user → operator and operator → user arrive live, and both survive in the database', async () => {
    const u = await registerUser(t.app);
    const userSocket = await connect();
    userSocket.send({ op: 'auth', token: u.token });
    await userSocket.next(isType('auth'));
    const adminSocket = await connect();
    adminSocket.send({ op: 'admin_auth', token: agent.token });
    expect(await adminSocket.next(isType('admin_auth'))).toEqual({ type: 'admin_auth', ok: true });

    const sent = await call(t.app, 'POST', '/api/support/send', { text: 'live question' }, asUser(u.token));
    const inbox = (await adminSocket.next(
      (m) => m.type === 'support_inbox' && m.message?.id === sent.data.id,
    )) as Extract<ServerMessage, { type: 'support_inbox' }>;
    expect(inbox.message?.text).toBe('live question');
    expect(inbox.conversation).toMatchObject({ username: u.username, unread: 1, status: 'open' });
    expect(inbox.unreadTotal).toBeGreaterThanOrEqual(1);

    const conversationId = inbox.conversation.id;
    const reply = await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${conversationId}/send`,
      { text: 'live answer' },
      asAdmin(agent.token),
    );
    expect(reply.code).toBe(0);
    // The user's own message reaches their other tabs too; the reply is the one from an operator.
    const pushed = (await userSocket.next(
      (m) => m.type === 'support_message' && m.message.sender === 'admin',
    )) as Extract<ServerMessage, { type: 'support_message' }>;
    expect(pushed.message).toMatchObject({ sender: 'admin', text: 'live answer', adminUsername: null });
    expect(pushed.unread).toBe(1);

    const rows = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, Number(conversationId)));
    expect(rows.map((r) => [r.sender, r.body])).toEqual([
      ['user', 'live question'],
      ['admin', 'live answer'],
    ]);
  });

  test('the longest message in three-byte characters still goes out live', async () => {
    const u = await registerUser(t.app);
    const adminSocket = await connect();
    adminSocket.send({ op: 'admin_auth', token: agent.token });
    await adminSocket.next(isType('admin_auth'));
    const text = '客'.repeat(2000);
    const sent = await call(t.app, 'POST', '/api/support/send', { text }, asUser(u.token));
    expect(sent.code).toBe(0);
    const inbox = await adminSocket.next((m) => m.type === 'support_inbox' && m.message?.id === sent.data.id);
    expect(inbox).toMatchObject({ message: { text } });
  });

  test('a visitor socket receives replies to its conversation only', async () => {
    const token = newVisitorToken();
    const otherToken = newVisitorToken();
    const mine = await connect();
    mine.send({ op: 'support_visitor', token });
    expect(await mine.next(isType('support_visitor'))).toEqual({ type: 'support_visitor', ok: true });
    const other = await connect();
    other.send({ op: 'support_visitor', token: otherToken });
    await other.next(isType('support_visitor'));
    await call(t.app, 'POST', '/api/support/send', { text: 'hello?' }, visitor(token));
    const conversation = await call(t.app, 'POST', '/api/support/conversation', {}, visitor(token));
    await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${conversation.data.id}/send`,
      { text: 'hi visitor' },
      asAdmin(agent.token),
    );
    const pushed = await mine.next((m) => m.type === 'support_message' && m.message.sender === 'admin');
    expect(pushed).toMatchObject({ message: { text: 'hi visitor' }, unread: 1 });
    other.send({ op: 'ping' });
    await other.next(isType('pong'));
    expect(other.received(isType('support_message'))).toEqual([]);
  });

  test('admin_auth refuses a bad token and a role without support', async () => {
    const finance = await adminWithRole(t, 'finance');
    const s = await connect();
    s.send({ op: 'admin_auth', token: 'nope' });
    expect(await s.next(isType('admin_auth'))).toMatchObject({ ok: false, code: 1102 });
    s.send({ op: 'admin_auth', token: finance.token });
    expect(await s.next(isType('admin_auth'))).toMatchObject({ ok: false, code: 1201 });
    await call(t.app, 'POST', '/api/support/send', { text: 'not for finance' }, visitor(newVisitorToken()));
    s.send({ op: 'ping' });
    await s.next(isType('pong'));
    expect(s.received((m) => m.type === 'support_inbox')).toEqual([]);
  });
});

describe('the back office', () => {
  test('only owners and support operators reach the inbox', async () => {
    const finance = await adminWithRole(t, 'finance');
    const content = await adminWithRole(t, 'content');
    for (const token of [finance.token, content.token]) {
      expect((await call(t.app, 'GET', '/api/admin/support/conversations', undefined, asAdmin(token))).status).toBe(
        403,
      );
      expect((await call(t.app, 'GET', '/api/admin/support/unread', undefined, asAdmin(token))).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/support/conversations', undefined, asAdmin(owner))).code).toBe(0);
    expect((await call(t.app, 'GET', '/api/admin/support/conversations')).status).toBe(401);
  });

  test('unread counts on both sides follow messages and read markers', async () => {
    const u = await registerUser(t.app);
    const totalBefore = (await call(t.app, 'GET', '/api/admin/support/unread', undefined, asAdmin(agent.token))).data
      .unreadTotal;
    await call(t.app, 'POST', '/api/support/send', { text: 'one' }, asUser(u.token));
    const two = await call(t.app, 'POST', '/api/support/send', { text: 'two' }, asUser(u.token));
    const id = two.data.conversationId;
    const view = await call(t.app, 'GET', `/api/admin/support/conversations/${id}`, undefined, asAdmin(agent.token));
    expect(view.data.conversation.unread).toBe(2);
    expect(
      (await call(t.app, 'GET', '/api/admin/support/unread', undefined, asAdmin(agent.token))).data.unreadTotal,
    ).toBe(totalBefore + 2);
    await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${id}/read`,
      { lastId: two.data.id },
      asAdmin(agent.token),
    );
    expect(
      (await call(t.app, 'GET', '/api/admin/support/unread', undefined, asAdmin(agent.token))).data.unreadTotal,
    ).toBe(totalBefore);

    const a = await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${id}/send`,
      { text: 'a' },
      asAdmin(agent.token),
    );
    await call(t.app, 'POST', `/api/admin/support/conversations/${id}/send`, { text: 'b' }, asAdmin(agent.token));
    expect((await call(t.app, 'POST', '/api/support/unread', {}, asUser(u.token))).data.unread).toBe(2);
    await call(t.app, 'POST', '/api/support/read', { lastId: a.data.id }, asUser(u.token));
    expect((await call(t.app, 'POST', '/api/support/unread', {}, asUser(u.token))).data.unread).toBe(1);
    // A read marker never moves backwards.
    await call(t.app, 'POST', '/api/support/read', { lastId: '1' }, asUser(u.token));
    expect((await call(t.app, 'POST', '/api/support/unread', {}, asUser(u.token))).data.unread).toBe(1);
    const page = await call(t.app, 'POST', '/api/support/conversation', {}, asUser(u.token));
    await call(t.app, 'POST', '/api/support/read', { lastId: page.data.messages.at(-1).id }, asUser(u.token));
    expect((await call(t.app, 'POST', '/api/support/unread', {}, asUser(u.token))).data.unread).toBe(0);
  });

  test('assignment, filters, closing (audited) and a new message reopening', async () => {
    const u = await registerUser(t.app);
    const sent = await call(t.app, 'POST', '/api/support/send', { text: 'assign me' }, asUser(u.token));
    const id = sent.data.conversationId;
    const list = (filter: string, token = agent.token) =>
      call(t.app, 'GET', `/api/admin/support/conversations?filter=${filter}&pageSize=100`, undefined, asAdmin(token));
    const ids = (r: { data: { list: { id: string }[] } }) => r.data.list.map((c) => c.id);
    expect(ids(await list('unassigned'))).toContain(id);
    expect(ids(await list('mine'))).not.toContain(id);

    const finance = await adminWithRole(t, 'finance');
    const refused = await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${id}/assign`,
      { adminId: finance.id },
      asAdmin(agent.token),
    );
    expect(refused.status).toBe(422);
    const assigned = await call(
      t.app,
      'POST',
      `/api/admin/support/conversations/${id}/assign`,
      {},
      asAdmin(agent.token),
    );
    expect(assigned.data.conversation.assignedAdminId).toBe(agent.id);
    expect(ids(await list('mine'))).toContain(id);
    expect(ids(await list('unassigned'))).not.toContain(id);

    const closed = await call(t.app, 'POST', `/api/admin/support/conversations/${id}/close`, {}, asAdmin(agent.token));
    expect(closed.data.conversation.status).toBe('closed');
    expect(ids(await list('closed'))).toContain(id);
    expect(ids(await list('open'))).not.toContain(id);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['support.assign', 'support.close']);

    await call(t.app, 'POST', '/api/support/send', { text: 'still there?' }, asUser(u.token));
    expect(ids(await list('open'))).toContain(id);
    expect((await call(t.app, 'POST', '/api/support/conversation', {}, asUser(u.token))).data.status).toBe('open');
  });

  test('an operator who replies to an unassigned conversation takes it (audited); an assigned one stays with its operator', async () => {
    const u = await registerUser(t.app);
    const sent = await call(t.app, 'POST', '/api/support/send', { text: 'anyone?' }, asUser(u.token));
    const id = sent.data.conversationId;
    const reply = (token: string, text: string) =>
      call(t.app, 'POST', `/api/admin/support/conversations/${id}/send`, { text }, asAdmin(token));
    const detail = () => call(t.app, 'GET', `/api/admin/support/conversations/${id}`, undefined, asAdmin(agent.token));
    expect((await detail()).data.conversation.assignedAdminId).toBeNull();
    expect((await reply(agent.token, 'here')).code).toBe(0);
    expect((await detail()).data.conversation.assignedAdminId).toBe(agent.id);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => [a.action, a.after])).toEqual([['support.assign', { assignedAdminId: Number(agent.id) }]]);
    // Another operator's reply does not take it over.
    const other = await adminWithRole(t, 'support');
    expect((await reply(other.token, 'me too')).code).toBe(0);
    expect((await detail()).data.conversation.assignedAdminId).toBe(agent.id);
  });

  test('missing conversations are 404; quick replies are managed and audited', async () => {
    expect(
      (await call(t.app, 'GET', '/api/admin/support/conversations/999999', undefined, asAdmin(agent.token))).status,
    ).toBe(404);
    const send404 = await call(
      t.app,
      'POST',
      '/api/admin/support/conversations/999999/send',
      { text: 'x' },
      asAdmin(agent.token),
    );
    expect(send404.status).toBe(404);
    const created = await call(
      t.app,
      'POST',
      '/api/admin/support/quick-replies',
      { text: 'Thanks for waiting!' },
      asAdmin(agent.token),
    );
    expect(created.data.text).toBe('Thanks for waiting!');
    expect(
      (await call(t.app, 'POST', '/api/admin/support/quick-replies', { text: '' }, asAdmin(agent.token))).status,
    ).toBe(400);
    const listed = await call(t.app, 'GET', '/api/admin/support/quick-replies', undefined, asAdmin(agent.token));
    expect(listed.data.map((q: { text: string }) => q.text)).toContain('Thanks for waiting!');
    await call(t.app, 'POST', `/api/admin/support/quick-replies/${created.data.id}/delete`, {}, asAdmin(agent.token));
    const after = await call(t.app, 'GET', '/api/admin/support/quick-replies', undefined, asAdmin(agent.token));
    expect(after.data.map((q: { id: string }) => q.id)).not.toContain(created.data.id);
    const agents = await call(t.app, 'GET', '/api/admin/support/agents', undefined, asAdmin(agent.token));
    expect(agents.data.map((a: { id: string }) => a.id)).toContain(agent.id);
  });
});
