import { ERRORS } from '@app/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { addPasskey, assert, newCredential } from '../passkeys/passkeys.test-support.js';
import { codeNow, createTwoFactorTestApp, startClock, turnOnTotp } from '../two-factor/two-factor.test-support.js';
import { userLoginAttempts } from './users.tables.js';

// The login history of the second steps (issue 14): a refused code after the right password, or a
// refused passkey answer, is kept against the user it was for; what names no user stores nothing.

let t: TestApp;
beforeAll(async () => {
  startClock();
  t = await createTwoFactorTestApp();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const outcomesOf = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(userLoginAttempts)
      .where(eq(userLoginAttempts.userId, userId))
      .orderBy(userLoginAttempts.id)
  ).map((row) => row.outcome);
const attemptCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(userLoginAttempts))[0]!.n;
const loginOptions = async () => (await post('/api/user/passkeys/login_options', {})).data.options;

describe('the code after the password (user/login_two_factor)', () => {
  test('a wrong code and a used one are kept as two_factor_incorrect, then the success; listed to the user', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const { secret } = await turnOnTotp(t, u);
    const challengeOf = async () =>
      (await post('/api/user/login', { username: u.username, password: u.password })).data.challenge as string;

    const wrong = await post('/api/user/login_two_factor', { challenge: await challengeOf(), code: '000000' });
    expect(wrong.code).toBe(ERRORS.two_factor_code_incorrect.code);
    const code = codeNow(secret);
    expect((await post('/api/user/login_two_factor', { challenge: await challengeOf(), code })).code).toBe(0);
    const used = await post('/api/user/login_two_factor', { challenge: await challengeOf(), code });
    expect(used.code).toBe(ERRORS.two_factor_code_used.code);
    // The password step with a challenge stores nothing by itself; registration's session was no login.
    expect(await outcomesOf(userId)).toEqual(['two_factor_incorrect', 'success', 'two_factor_incorrect']);

    const history = await post('/api/user/login_history', { page: 1, pageSize: 10 }, u.token);
    expect(history.data.list.map((a: { outcome: string }) => a.outcome)).toEqual([
      'two_factor_incorrect',
      'success',
      'two_factor_incorrect',
    ]);
  });

  test('the code that reaches the lock is kept as account_locked; a challenge of nobody stores nothing', async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    await turnOnTotp(t, u);
    const { challenge } = (await post('/api/user/login', { username: u.username, password: u.password })).data;
    for (let i = 0; i < 5; i++) await post('/api/user/login_two_factor', { challenge, code: '000000' });
    expect(await outcomesOf(userId)).toEqual([
      'two_factor_incorrect',
      'two_factor_incorrect',
      'two_factor_incorrect',
      'two_factor_incorrect',
      'account_locked',
    ]);
    const before = await attemptCount();
    const nobody = await post('/api/user/login_two_factor', { challenge: 'x'.repeat(43), code: '000000' });
    expect(nobody.code).toBe(ERRORS.login_challenge_expired.code);
    expect(await attemptCount()).toBe(before);
  });
});

describe('a passkey sign-in (user/login_passkey)', () => {
  test("a forged or replayed answer is kept as passkey_failed against the passkey's owner", async () => {
    const u = await registerUser(t.app);
    const userId = Number(u.user.id);
    const { credential } = await addPasskey(t, u);
    const forger = newCredential();
    forger.id = credential.id;
    const forged = await post('/api/user/login_passkey', { response: assert(forger, await loginOptions()) });
    expect(forged.code).toBe(ERRORS.passkey_verification_failed.code);
    const answer = assert(credential, await loginOptions());
    expect((await post('/api/user/login_passkey', { response: answer })).code).toBe(0);
    const replay = await post('/api/user/login_passkey', { response: answer });
    expect(replay.code).toBe(ERRORS.passkey_challenge_expired.code);
    const back = await post('/api/user/login_passkey', {
      response: assert(credential, await loginOptions(), { counter: 1 }),
    });
    expect(back.code).toBe(ERRORS.passkey_counter_invalid.code);
    expect(await outcomesOf(userId)).toEqual(['passkey_failed', 'success', 'passkey_failed', 'passkey_failed']);
  });

  test('an answer from a passkey nobody registered stores nothing', async () => {
    const before = await attemptCount();
    const r = await post('/api/user/login_passkey', { response: assert(newCredential(), await loginOptions()) });
    expect(r.code).toBe(ERRORS.passkey_not_recognised.code);
    expect(await attemptCount()).toBe(before);
  });
});
