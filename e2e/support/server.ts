import { execFileSync } from 'node:child_process';

/** The owner account the server creates at its first start (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_OWNER = { username: 'e2eowner', password: 'e2e-owner-password-1' };

/**
 * The port of this run's server. Chosen once, in the Playwright process that reads the config first,
 * and kept in the environment, which the worker processes (they read the config again) inherit.
 */
export function serverPort(): number {
  process.env.E2E_PORT ||= execFileSync(process.execPath, [
    '-e',
    "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ])
    .toString()
    .trim();
  return Number(process.env.E2E_PORT);
}

export function baseUrl(): string {
  return `http://127.0.0.1:${serverPort()}`;
}

/** The server's environment besides DATA_DIR (a fresh folder, see web-server.mjs). */
export function serverEnv(): Record<string, string> {
  return {
    PORT: String(serverPort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: E2E_OWNER.username,
    ADMIN_PASSWORD: E2E_OWNER.password,
    // Every user of the suite comes from 127.0.0.1, so the per-address limits would count the whole
    // suite as one client: how fast the machine runs it would decide whether a set-up is refused.
    RATE_LIMIT_REGISTER: '100',
    RATE_LIMIT_LOGIN: '100',
    RATE_LIMIT_PASSWORD: '100',
    // A proof of liabilities every minute instead of every day, so a journey can see a tree with its user.
    FAIR_LIABILITIES_EVERY_SECONDS: '60',
    // Seed epochs of a minute (the least allowed) instead of an hour, so an order's seed is revealed
    // within a minute and its receipt becomes verifiable during a journey (fair-receipt.e2e.ts).
    FAIR_EPOCH_SECONDS: '60',
  };
}
