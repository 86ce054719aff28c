import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { type CallResult, call, createTestApp, type TestApp } from '../../test/test-app.js';
import { users } from '../users/users.tables.js';
import { PAY, walletUser } from './wallet.test-support.js';

/**
 * Withdrawal protection under concurrency on a real PostgreSQL (issue 14): parallel turn-off attempts
 * change it once, and attempts racing a login- or payment-password change either go through before
 * the change or are refused with its 24 h lock, and none goes through once the change has answered.
 * The clock is faked Date (its time does not move during a race, so the lock's end is exact).
 */
const HOUR = 3_600_000;
let t: TestApp;
const offNotices = new Map<number, number>();
beforeAll(async () => {
  t = await createTestApp({ withdrawCooldownHours: 24 });
  t.app.events.on('userNotice', (notice) => {
    if (notice.kind === 'withdraw_protection_changed' && notice.params.state === 'off') {
      offNotices.set(notice.userId, (offNotices.get(notice.userId) ?? 0) + 1);
    }
  });
});
afterAll(async () => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
});
afterEach(() => vi.useRealTimers());

const setProtection = (token: string, isOn: boolean, payPassword = PAY) =>
  call(t.app, 'POST', '/api/user/set_withdraw_protection', { isOn, payPassword }, { token });
/** Bounds a racer's loop (the change answers long before). */
const ATTEMPTS_MAX = 200;
const protection = async (token: string) =>
  (await call(t.app, 'POST', '/api/user/withdraw_protection', {}, { token })).data;

/** A user whose payment password was set more than 24 h ago: the protection may be turned off. */
async function settledUser() {
  const u = await walletUser(t);
  vi.setSystemTime(Date.now() + 25 * HOUR);
  expect((await protection(u.token)).lockedUntil).toBeNull();
  return u;
}

test('twenty parallel turn-off attempts: all answered, the setting changes once and the user is told once', async () => {
  const u = await settledUser();
  const results = await Promise.all(Array.from({ length: 20 }, () => setProtection(u.token, false)));
  expect(results.map((r) => r.code)).toEqual(Array(20).fill(0));
  expect(results.every((r) => r.data.isOn === false)).toBe(true);
  expect((await protection(u.token)).isOn).toBe(false);
  await expect.poll(() => offNotices.get(u.userId)).toBe(1);
});

test.each([
  {
    change: 'the login password',
    path: '/api/user/reset_pwd',
    body: (u: { password: string }) => ({ oldPassword: u.password, newPassword: 'another-horse-2' }),
    column: 'passwordChangedAt' as const,
    newPayPassword: PAY,
    racers: 4,
  },
  {
    change: 'the payment password',
    path: '/api/user/reset_paypwd',
    body: (u: { password: string }) => ({ password: u.password, newPayPassword: '246813' }),
    column: 'payPasswordChangedAt' as const,
    newPayPassword: '246813',
    // Attempts checked just after the change carry a wrong payment password: fewer than the five that lock.
    racers: 2,
  },
])(
  'off and on racing a change of $change: refused only by its lock, and never off once it answered',
  async ({ path, body, column, newPayPassword, racers }) => {
    const u = await settledUser();
    let isChangeAnswered = false;
    let startChange = () => {};
    // The change starts once the racers run (at their first answer), so attempts fall on both sides of it.
    const changed = new Promise<void>((resolve) => {
      startChange = resolve;
    })
      .then(() => call(t.app, 'POST', path, body(u), { token: u.token }))
      .then((r) => {
        isChangeAnswered = true;
        return r;
      });
    /** Off and on back to back until the change has answered (the race), then on and off once more. */
    const racer = async () => {
      const during: CallResult[] = [];
      while (!isChangeAnswered && during.length < ATTEMPTS_MAX) {
        during.push(await setProtection(u.token, false));
        startChange();
        during.push(await setProtection(u.token, true));
      }
      const on = await setProtection(u.token, true, newPayPassword);
      const off = await setProtection(u.token, false, newPayPassword);
      return { during, on, off };
    };
    const raced = await Promise.all(Array.from({ length: racers }, racer));
    expect((await changed).code).toBe(0);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.userId));
    const until = new Date(row![column]!.getTime() + 24 * HOUR).toISOString();
    for (const r of raced.flatMap((racer) => racer.during)) {
      // Before the change, off goes through; after it, off is refused with the change's own lock. A
      // new payment password makes the old one wrong for the attempts checked after it (2009).
      expect([0, 4021, 2009]).toContain(r.code);
      if (r.code === 4021) expect(r.data.until).toBe(until);
    }
    // Once the change has answered: on is immediate, off waits the 24 h, whatever the others do.
    for (const { on, off } of raced) {
      expect(on).toMatchObject({ code: 0, data: { isOn: true } });
      expect(off).toMatchObject({ code: 4021, data: { until } });
    }
    expect(await protection(u.token)).toMatchObject({ isOn: true, lockedUntil: until });
  },
);
