import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { totpCodeAt } from '../../lib/totp.js';
import { call, createTestApp, type TestApp, type TestAppOptions } from '../../test/test-app.js';

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
