import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerErrorHandling } from './error-handler.js';

/**
 * A client that goes away while its answer is written (a compressed answer's stream closes early,
 * ERR_STREAM_PREMATURE_CLOSE) is no failure of ours: one debug line, no "unhandled error", no answer.
 */
const lines: { level: number; msg: string; code?: string }[] = [];
const app = Fastify({
  logger: {
    level: 'debug',
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/gone', async (request) => {
    request.raw.socket.destroy();
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  app.get('/fails', async () => {
    throw new Error('a real fault');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const base = () => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/** Resolves when a line with `msg` has been written. */
async function lineSaying(msg: string) {
  while (!lines.some((line) => line.msg === msg)) await new Promise((resolve) => setImmediate(resolve));
  return lines.find((line) => line.msg === msg);
}

test('a client gone mid-answer is a debug line, not an unhandled error', async () => {
  await expect(fetch(`${base()}/gone`)).rejects.toThrow();
  const line = await lineSaying('client went away before the answer was written');
  expect(line?.level).toBe(20);
  expect(line?.code).toBe('ERR_STREAM_PREMATURE_CLOSE');
  expect(lines.some((l) => l.msg === 'unhandled error')).toBe(false);
});

test('a fault with the client still there stays an unhandled error and a 500 in the envelope', async () => {
  const response = await fetch(`${base()}/fails`);
  expect(response.status).toBe(500);
  expect(((await response.json()) as { code: number }).code).toBe(5000);
  expect((await lineSaying('unhandled error'))?.level).toBe(50);
});
