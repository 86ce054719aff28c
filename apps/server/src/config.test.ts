import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

test('defaults need no environment at all', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 3000, dataDir: './data', role: 'all', databaseUrl: undefined });
  expect(config.rateLimits).toEqual({
    loginPerMinute: 20,
    registerPerMinute: 10,
    passwordPerMinute: 10,
    supportMessagesPerMinute: 30,
  });
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

test('the live trade stream: unset, every product is simulated; set, it feeds the crypto products or those named', () => {
  expect(loadConfig({}).marketStream).toBeNull();
  expect(loadConfig({ MARKET_STREAM_URL: 'wss://stream.example.com/stream' }).marketStream).toEqual({
    url: 'wss://stream.example.com/stream',
    symbols: ['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'SOLUSDT', 'XRPUSDT'],
  });
  const named = loadConfig({ MARKET_STREAM_URL: 'ws://127.0.0.1:9000/ws', MARKET_STREAM_SYMBOLS: 'BTCUSDT, ETHUSDT' });
  expect(named.marketStream?.symbols).toEqual(['BTCUSDT', 'ETHUSDT']);
  expect(() => loadConfig({ MARKET_STREAM_URL: 'https://stream.example.com' })).toThrow(/MARKET_STREAM_URL/);
  expect(() => loadConfig({ MARKET_STREAM_URL: 'wss://x.example/stream', MARKET_STREAM_SYMBOLS: 'btc usdt' })).toThrow(
    /MARKET_STREAM_SYMBOLS/,
  );
  expect(() => loadConfig({ MARKET_STREAM_SYMBOLS: 'BTCUSDT' })).toThrow(
    /MARKET_STREAM_SYMBOLS: needs MARKET_STREAM_URL/,
  );
});
