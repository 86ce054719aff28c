import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { totpCodeAt } from '../../lib/totp.js';
import { call, createTestApp, type TestApp, type TestAppOptions } from '../../test/test-app.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { PAY, walletUser } from '../wallet/wallet.test-support.js';

export const STEP_MS = 30_000;
/**
 * Tests drive the TOTP clock by faking Date (the project's injectable clock): it starts at the
 * beginning of the current step (near the database's own now(), which session expiry compares with)
 * and moves only when a test moves it.
 */
// Read when a test starts the clock, not when this module loads: the files of a worker share modules.
const currentStepStart = () => Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;

export function startClock(ms = currentStepStart()): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

/** Moves the faked clock to the next 30-second step, so a new code is due. */
export function nextStep(): void {
  vi.setSystemTime(Date.now() + STEP_MS);
}

/** The code an authenticator app shows now. */
export const codeNow = (secret: string) => totpCodeAt(secret, Date.now());

/** A test app whose DATA_DIR (where the at-rest key is created) is a folder of its own. */
export async function createTwoFactorTestApp(options: TestAppOptions = {}): Promise<TestApp & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vela-two-factor-'));
  const t = await createTestApp({
    ...options,
    configure: (c) => {
      c.dataDir = dataDir;
      options.configure?.(c);
    },
  });
  return {
    ...t,
    dataDir,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sets up and confirms TOTP (with the login password) for a signed-in user: the secret and the ten recovery codes. */
export async function turnOnTotp(
  t: TestApp,
  { token, password }: { token: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t.app, 'POST', '/api/user/two_factor/setup', {}, { token });
  if (setup.code !== 0) throw new Error(`setup failed: ${setup.msg}`);
  const secret = setup.data.secret as string;
  const enabled = await call(
    t.app,
    'POST',
    '/api/user/two_factor/enable',
    { password, code: codeNow(secret) },
    { token },
  );
  if (enabled.code !== 0) throw new Error(`enable failed: ${enabled.msg}`);
  // The confirming code's step is spent: the next code is a step later.
  nextStep();
  return { secret, recoveryCodes: enabled.data.recoveryCodes };
}

/**
 * A user with a card bound and 1 000 USDT sends eight bank withdrawals of 50 at once, each under an
 * idempotency key of its own and all carrying the same second-factor answer (a TOTP code or a
 * passkey's): the answer is taken once, so exactly one may move money. Answers the eight replies.
 */
export async function eightWithdrawalsWithOneAnswer(
  t: TestApp,
  u: { token: string; userId: number },
  twoFactorCode: string,
  keyPrefix: string,
) {
  return Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      call(
        t.app,
        'POST',
        '/api/wallet/bankWithdrawal',
        { amount: '50', payPassword: PAY, twoFactorCode },
        { token: u.token, headers: { 'idempotency-key': `${keyPrefix}-${u.userId}-${i}` } },
      ),
    ),
  );
}

/** A wallet user (KYC passed, card bound, payment password PAY) with 1 000 USDT. */
export async function fundedWalletUser(t: TestApp, label: string) {
  const u = await walletUser(t, { kyc: true, card: true });
  await fundUsers(t.database.db, [u.userId], 1_000_000_000n, `${label}-${u.userId}`);
  return u;
}
