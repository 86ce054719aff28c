import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger.js';
import { lazyChildLogger } from './lazy-request-logger.js';

/** A Fastify app with the server's logger options, counting the child loggers pino makes. */
async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let children = 0;
  const loggerInstance = pino({ ...loggerOptions('info'), onChild: () => void children++ }, stream);
  const app = Fastify({ loggerInstance, childLoggerFactory: lazyChildLogger, disableRequestLogging: true });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ body: { password: 'hunter2-secret' } }, 'something to say');
    return { ok: true };
  });
  await app.ready();
  // Fastify makes a child or two of its own while starting: count only the ones made afterwards.
  const atStart = children;
  return { app, lines, children: () => children - atStart };
}

describe('the lazy request logger', () => {
  it('makes no child logger for a request that does not log', async () => {
    const { app, children } = await appWithLog();
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(children()).toBe(0);
    await app.close();
  });

  it('logs through a child bound to the request id, redacted, when a request logs', async () => {
    const { app, lines, children } = await appWithLog();
    const res = await app.inject({ url: '/talks' });
    expect(res.statusCode).toBe(200);
    expect(children()).toBe(1);
    const line = lines.find((l) => l.msg === 'something to say');
    expect(line).toMatchObject({ level: 40, reqId: res.headers['x-request-id'] ?? expect.any(String) });
    expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
    await app.close();
  });

  it('answers the level of the logger it stands for', async () => {
    const parent = pino({ level: 'warn' });
    const logger = lazyChildLogger(parent, { reqId: 'r1' }, {});
    expect(logger.level).toBe('warn');
  });
});
