import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

test('defaults need no environment at all', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 3000, dataDir: './data', role: 'all', databaseUrl: undefined });
  expect(config.rateLimits).toEqual({ loginPerMinute: 20, registerPerMinute: 10, passwordPerMinute: 10 });
});

test('a bad value stops the start with a message naming the variable', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
  expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
});

test('values are read and typed', () => {
  const config = loadConfig({
    PORT: '8080',
    DATABASE_URL: 'postgres://u@h/db',
    ROLE: 'worker',
    TRUST_PROXY: 'true',
    RATE_LIMIT_LOGIN: '5',
  });
  expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h/db', role: 'worker', trustProxy: true });
  expect(config.rateLimits.loginPerMinute).toBe(5);
});
