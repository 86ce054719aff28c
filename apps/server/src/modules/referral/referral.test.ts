import { DEFAULT_REFERRAL_SETTINGS, referralCashbackMinor, referralLevelFor } from '@app/contract/referral';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { transact } from '../../db/transact.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { postJournals } from '../ledger/ledger.service.js';
import { orders } from '../orders/orders.tables.js';
import { settleDueOrders } from '../orders/settling.js';
import { users } from '../users/users.tables.js';
import { referralCashbackJournals } from './referral.service.js';
import {
  cashbackJournalsOf,
  confirmedDeposit,
  countCashbackJournals,
  dueOrders,
  invitedUser,
  M,
  putReferralTable,
  risingTicks,
  steepTable,
} from './referral.test-support.js';

let t: TestApp;
let db: Db;
let finance: string;
let content: string;
/** Ticks rise a step a second from T0 for 300 s; orders accepted inside win, orders after T0+300 s void. */
const T0 = Math.floor(Date.now() / 1000) * 1000 - 900_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  finance = (await adminWithRole(t, 'finance')).token;
  content = (await adminWithRole(t, 'content')).token;
  await risingTicks(db, 'BTCUSDT', T0, 300);
}, 60_000);
afterAll(async () => t.close());

const levelOf = async (token: string) => (await call(t.app, 'POST', '/api/user/details', {}, { token })).data.level;
const invite = (token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/user/invite', body, { token, headers });

describe('the level table', () => {
  test('the level is the highest whose threshold the qualified count reaches', () => {
    const { levels } = DEFAULT_REFERRAL_SETTINGS;
    expect(
      [0, 1, 2, 3, 4, 5, 9, 10, 19, 20, 34, 35, 49, 50, 99, 100, 5000].map((n) => referralLevelFor(levels, n)),
    ).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
  });

  test('cashback is the rate of the fee, rounded down to the minor unit, and nothing without a fee or rate', () => {
    expect(referralCashbackMinor(1_234_567n, 333)).toBe(41_111n); // 41 111.08…
    expect(referralCashbackMinor(1_000_000n, 500)).toBe(50_000n);
    expect(referralCashbackMinor(19n, 500)).toBe(0n); // 0.95 of a minor unit
    expect(referralCashbackMinor(1_000_000n, 10_000)).toBe(1_000_000n);
    expect(referralCashbackMinor(0n, 3000)).toBe(0n);
    expect(referralCashbackMinor(1_000_000n, 0)).toBe(0n);
  });

  test('the back office edits it (content or owner), validated, audited; finance may not', async () => {
    const before = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: content })).data.referral;
    expect(before).toEqual(DEFAULT_REFERRAL_SETTINGS);

    const denied = await call(t.app, 'PUT', '/api/admin/settings/referral', steepTable(), { token: finance });
    expect(denied.status).toBe(403);

    const levels = steepTable().levels;
    const bad = [
      { body: { levels: levels.slice(0, 8) }, field: 'levels' },
      {
        body: { levels: levels.map((l, i) => (i === 0 ? { ...l, minInvitees: 1 } : l)) },
        field: 'levels.0.minInvitees',
      },
      {
        body: { levels: levels.map((l, i) => (i === 3 ? { ...l, minInvitees: 2 } : l)) },
        field: 'levels.3.minInvitees',
      },
      { body: { levels: levels.map((l, i) => (i === 8 ? { ...l, rateBp: 10_001 } : l)) }, field: 'levels.8.rateBp' },
      { body: { levels: levels.map((l, i) => (i === 5 ? { ...l, rateBp: 100 } : l)) }, field: 'levels.5.rateBp' },
      { body: { levels: levels.map((l, i) => (i === 2 ? { ...l, rateBp: 2.5 } : l)) }, field: 'levels.2.rateBp' },
    ];
    for (const { body, field } of bad) {
      const r = await call(t.app, 'PUT', '/api/admin/settings/referral', body, { token: content, lang: 'en' });
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.data.fields), field).toContain(field);
    }
    const unchanged = (await call(t.app, 'GET', '/api/admin/settings', undefined, { token: content })).data.referral;
    expect(unchanged).toEqual(DEFAULT_REFERRAL_SETTINGS);

    const saved = await putReferralTable(t, content, steepTable());
    expect(saved.data.referral).toEqual(steepTable());
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.targetId, 'referral')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.before).toEqual({ referral: DEFAULT_REFERRAL_SETTINGS });
    expect(audit!.after).toEqual({ referral: steepTable() });
    await putReferralTable(t, content, DEFAULT_REFERRAL_SETTINGS);
  });
});

describe('levels follow qualified direct invitees', () => {
  test('a confirmed deposit of an invitee raises the inviter, once per invitee; pending ones and grandchildren do not', async () => {
    await putReferralTable(t, content, steepTable());
    const a = await invitedUser(t);
    const [b1, b2, b3] = [await invitedUser(t, a), await invitedUser(t, a), await invitedUser(t, a)];
    const c = await invitedUser(t, b1);
    expect(await levelOf(a.token)).toBe(1);

    // Asked for, not yet approved: does not count.
    await call(t.app, 'POST', '/api/wallet/submit', { method: 'bank', amount: '50' }, { token: b1!.token });
    expect(await levelOf(a.token)).toBe(1);

    await confirmedDeposit(t, b1!, finance);
    expect(await levelOf(a.token)).toBe(2);
    await confirmedDeposit(t, b1!, finance); // the same invitee again
    expect(await levelOf(a.token)).toBe(2);
    await confirmedDeposit(t, b2!, finance);
    await confirmedDeposit(t, b3!, finance);
    expect(await levelOf(a.token)).toBe(4);

    // Single tier: C qualifies B1 only.
    await confirmedDeposit(t, c, finance);
    expect(await levelOf(b1!.token)).toBe(2);
    expect(await levelOf(a.token)).toBe(4);

    const steep = (await invite(a.token)).data;
    expect(steep).toMatchObject({ level: 4, rateBp: 400, qualifiedInvitees: 3, totalInvitees: 3 });
    expect(steep.nextLevel).toEqual({ level: 5, minInvitees: 4, rateBp: 500 });

    // A new table moves every level at once: 3 qualified is level 3 by the defaults (3 → L3, 5 → L4).
    await putReferralTable(t, content, DEFAULT_REFERRAL_SETTINGS);
    expect(await levelOf(a.token)).toBe(3);
    expect(await levelOf(b1!.token)).toBe(2);
    const [row] = await db.select({ level: users.level }).from(users).where(eq(users.id, a.userId));
    expect(row!.level).toBe(3);
    const overview = (await invite(a.token)).data;
    expect(overview).toMatchObject({ level: 3, rateBp: 1000, qualifiedInvitees: 3 });
    expect(overview.nextLevel).toEqual({ level: 4, minInvitees: 5, rateBp: 1200 });
    expect(overview.levels).toHaveLength(9);
  });
});

describe('cashback at settlement', () => {
  const RATES = [333, 800, 1000, 1500, 2000, 2500, 3000, 5000, 10_000];

  test("each settled order of a direct invitee pays the inviter's level rate of its fee, rounded down, exactly once", async () => {
    await putReferralTable(t, content, steepTable(RATES));
    const a = await invitedUser(t);
    const b = await invitedUser(t, a);
    const fee = 1_234_567n;
    let expected = 0n;
    for (let level = 1; level <= 9; level++) {
      await db.update(users).set({ level }).where(eq(users.id, a.userId));
      const [id] = await dueOrders(db, b.userId, [{ fee, acceptedAt: new Date(T0 + level * 20_000 + 500) }]);
      const [settled] = await settleDueOrders(db, { orderIds: [id!] });
      expect(settled!.status).toBe('won');
      expected += (fee * BigInt(RATES[level - 1]!)) / 10_000n;
      expect(await userAccountBalance(db, a.userId, 'available'), `level ${level}`).toBe(expected);
      expect(await cashbackJournalsOf(db, id!)).toEqual([expect.objectContaining({ key: `referral:order:${id}` })]);
    }
    expect(expected).toBe(41_111n + 98_765n + 123_456n + 185_185n + 246_913n + 308_641n + 370_370n + 617_283n + fee);

    // Settling again finds nothing; the same journals offered again move nothing.
    const total = await countCashbackJournals(db);
    expect(await settleDueOrders(db)).toEqual([]);
    const rows = await db.select().from(orders).where(eq(orders.userId, b.userId));
    const replayed = await transact(db, async (tx) =>
      postJournals(
        tx,
        await referralCashbackJournals(
          tx,
          rows.map((r) => ({ id: r.id, userId: r.userId, fee: r.fee, status: r.status as 'won' })),
        ),
      ),
    );
    expect(replayed).toHaveLength(9);
    expect(replayed.every((j) => j.isReplay)).toBe(true);
    expect(await countCashbackJournals(db)).toBe(total);
    expect(await userAccountBalance(db, a.userId, 'available')).toBe(expected);
    expect(await reconcile(db)).toMatchObject({ isBalanced: true, postingsSum: { USDT: '0' } });
  });

  test('only the direct inviter earns; no inviter, void orders, no fee or a share below one minor unit pay nothing', async () => {
    await putReferralTable(t, content, steepTable(RATES));
    const grandparent = await invitedUser(t);
    const parent = await invitedUser(t, grandparent);
    const child = await invitedUser(t, parent);
    const loner = await invitedUser(t);
    const before = await countCashbackJournals(db);

    const [childOrder] = await dueOrders(db, child.userId, [{ fee: 2_000_000n, acceptedAt: new Date(T0 + 200_500) }]);
    const lonerOrders = await dueOrders(db, loner.userId, [{ fee: 2_000_000n, acceptedAt: new Date(T0 + 201_500) }]);
    const parentOrders = await dueOrders(db, parent.userId, [
      { fee: 2_000_000n, acceptedAt: new Date(T0 + 400_000) }, // no ticks then: void, the fee goes back
      { fee: 0n, acceptedAt: new Date(T0 + 202_500) },
      { fee: 2n, acceptedAt: new Date(T0 + 203_500) }, // 333 bp of 2 minor units is 0
    ]);
    const settled = await settleDueOrders(db, { orderIds: [childOrder!, ...lonerOrders, ...parentOrders] });
    expect(settled.map((o) => o.status).sort()).toEqual(['void', 'won', 'won', 'won', 'won']);

    expect(await userAccountBalance(db, parent.userId, 'available')).toBe(
      10_000n * M + 2n * 8n * M - 2n + 66_600n, // own orders: void back, two won (one paid a fee of 2); child cashback
    );
    expect(await cashbackJournalsOf(db, childOrder!)).toHaveLength(1);
    expect(await userAccountBalance(db, grandparent.userId, 'available')).toBe(0n);
    expect(await countCashbackJournals(db)).toBe(before + 1);
    const parentOverview = (await invite(parent.token)).data;
    expect(parentOverview.totalCashback).toBe('0.0666'); // 333 bp of 2 USDT
    expect((await invite(grandparent.token)).data.totalCashback).toBe('0');
    expect(await reconcile(db)).toMatchObject({ isBalanced: true });
  });
});

describe('user/invite', () => {
  test('shows the code, link, cashback and only the own direct invitees, masked, with their activity', async () => {
    await putReferralTable(t, content, DEFAULT_REFERRAL_SETTINGS);
    const a = await invitedUser(t);
    const b = await invitedUser(t, a);
    const idle = await invitedUser(t, a);
    const grandchild = await invitedUser(t, b);
    const stranger = await invitedUser(t);
    await confirmedDeposit(t, b, finance);
    expect(await levelOf(a.token)).toBe(2);
    const ids = await dueOrders(db, b.userId, [
      { fee: 1_000_000n, acceptedAt: new Date(T0 + 250_500), amount: 20n * M },
      { fee: 1_000_000n, acceptedAt: new Date(T0 + 251_500), amount: 30n * M },
      { fee: 1_000_000n, acceptedAt: new Date(T0 + 450_000) }, // void: neither activity nor cashback
      // Practice: settled (won) in practice money, neither real activity nor volume nor cashback.
      { fee: 1_000_000n, acceptedAt: new Date(T0 + 253_500), amount: 40n * M, account: 'practice' },
    ]);
    await settleDueOrders(db, { orderIds: ids });
    await dueOrders(db, grandchild.userId, [{ fee: 1_000_000n, acceptedAt: new Date(T0 + 252_500) }]);
    await settleDueOrders(db);

    const r = await invite(a.token, {}, { origin: 'https://app.example' });
    expect(r.status).toBe(200);
    const data = r.data;
    expect(data.inviteCode).toBe(a.user.inviteCode);
    expect(data.inviteLink).toBe(`https://app.example/reg?code=${a.user.inviteCode}`);
    expect(data).toMatchObject({ level: 2, rateBp: 800, totalInvitees: 2, qualifiedInvitees: 1, currency: 'USDT' });
    expect(data.totalCashback).toBe('0.16'); // 8 % of two 1 USDT fees
    expect(data.invitees.total).toBe(2);
    const [first, second] = data.invitees.list;
    expect(first).toMatchObject({ hasDeposit: false, settledOrders: 0, volume: '0', cashback: '0' });
    expect(first.username).toBe(`${idle.username.slice(0, 2)}***${idle.username.slice(-1)}`);
    expect(second).toMatchObject({ hasDeposit: true, settledOrders: 2, volume: '50', cashback: '0.16' });
    expect(second.phone).toBe(`${b.phone.slice(0, 3)}****${b.phone.slice(-4)}`);
    const text = JSON.stringify(data);
    for (const hidden of [b.username, b.phone, idle.username, grandchild.username, stranger.username]) {
      expect(text).not.toContain(hidden);
    }

    // B sees their own invitee only; the stranger sees nobody.
    const ofB = (await invite(b.token)).data;
    expect(ofB.invitees.list).toHaveLength(1);
    expect(ofB.invitees.list[0].username).toBe(`${grandchild.username.slice(0, 2)}***${grandchild.username.slice(-1)}`);
    expect((await invite(stranger.token)).data.invitees).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });

    // Pages; without Origin the link is this server's own address.
    const paged = (await invite(a.token, { page: 2, pageSize: 1 })).data;
    expect(paged.invitees).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.invitees.list[0].hasDeposit).toBe(true);
    expect(paged.inviteLink).toMatch(new RegExp(`^http://localhost(:\\d+)?/reg\\?code=${a.user.inviteCode}$`));

    const bad = await invite(a.token, { pageSize: 500 });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'POST', '/api/user/invite', {})).status).toBe(401);
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => [o.account, o.status]).sort()).toEqual([
      ['practice', 'won'],
      ['real', 'void'],
      ['real', 'won'],
      ['real', 'won'],
    ]);
  });
});
