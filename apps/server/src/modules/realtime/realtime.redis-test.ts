import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { seedProducts } from '../markets/markets.service.js';
import { authenticate } from '../users/users.service.js';
import { isType, listenUrl, openSocket, syntheticTick, type TestSocket } from './realtime.test-support.js';

/**
 * With REDIS_URL the bus is Redis pub/sub. This file runs in the `server-redis` project, which
 * exists when TEST_REDIS_URL points at a Redis (CI sets it when one answers on 127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe('realtime over Redis', () => {
  const apps: TestApp[] = [];
  const urls: string[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp({
        configure: (config) => {
          config.redisUrl = redisUrl;
        },
      });
      await seedProducts(t.database.db);
      apps.push(t);
      urls.push(await listenUrl(t.app));
    }
  });

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const t of apps) await t.close();
  });

  test('a tick and a user event published by one app reach the sockets of the other', async () => {
    expect(apps[0]!.app.realtime.bus.name).toBe('redis');
    const user = await registerUser(apps[1]!.app);
    const userId = (await authenticate(apps[1]!.database.db, user.token))!.user.id;
    const s = await openSocket(urls[1]!);
    sockets.push(s);
    await s.next(isType('welcome'));
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'XAUUSD' });
    await s.next(isType('subscribed'));
    s.send({ op: 'auth', token: user.token });
    await s.next(isType('auth'));

    // A price of its own, so that another run sharing the Redis cannot be mistaken for this one.
    const price = BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000)) * 100_000_000n;
    await apps[0]!.app.realtime.publishTicks([syntheticTick('XAUUSD', price)]);
    const tick = await s.next((m) => m.type === 'tick' && m.price.startsWith(String(price / 100_000_000n)));
    expect(tick).toMatchObject({ symbol: 'XAUUSD' });

    const marker = `for ${user.username}`;
    await apps[0]!.app.realtime.publishUser(userId, { type: 'error', code: 0, msg: marker });
    expect(await s.next((m) => m.type === 'error' && m.msg === marker)).toBeTruthy();
  });
});
