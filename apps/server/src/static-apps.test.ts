import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { copyOfMigratedTemplate } from './test/test-app.js';

let app: FastifyInstance;
let database: Database;
let databaseCopy: Awaited<ReturnType<typeof copyOfMigratedTemplate>>;
const script = `console.log(${JSON.stringify('x'.repeat(3000))});`;
/** The user app's index.html has one inline script (its first-screen outline). */
const inlineScript = 'document.title="outline"';

function makeDist(name: string, html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vela-static-${name}-`));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  return dir;
}

beforeAll(async () => {
  // A copy of the run's migrated database (test-app.ts), or an empty one migrated here.
  databaseCopy = await copyOfMigratedTemplate();
  database = await openDatabase(databaseCopy ? { dataDir: databaseCopy.dir } : { memory: true });
  app = await buildApp({
    config: loadConfig({}),
    database,
    logger: false,
    staticRoots: {
      web: makeDist('web', `<html>user app<script>${inlineScript}</script></html>`),
      admin: makeDist('admin', '<html>back office</html>'),
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  databaseCopy?.remove();
});

test('the user app answers at / and at every client route (history fallback)', async () => {
  for (const url of ['/', '/my', '/loginpassword?redirect=%2Fmy', '/deep/nested/route']) {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode, url).toBe(200);
    expect(r.body, url).toContain('user app');
    expect(r.headers['cache-control'], url).toBe('no-cache');
    expect(r.headers['content-security-policy'], url).toContain("default-src 'self'");
  }
});

test("the pages' CSP allows the user app's own inline script by its hash, and no other", async () => {
  const hash = createHash('sha256').update(inlineScript).digest('base64');
  for (const url of ['/', '/hq', '/admin']) {
    const csp = String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(/script-src[^;]*unsafe-inline/.test(csp), url).toBe(false);
  }
});

test('the back office answers at /admin and its client routes', async () => {
  for (const url of ['/admin', '/admin/', '/admin/users', '/admin/audit?page=2']) {
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode, url).toBe(200);
    expect(r.body, url).toContain('back office');
  }
});

test('hashed assets are cached for a year and sent precompressed', async () => {
  const br = await app.inject({
    method: 'GET',
    url: '/assets/app-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(br.statusCode).toBe(200);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['content-encoding']).toBe('br');
  const gz = await app.inject({
    method: 'GET',
    url: '/admin/assets/app-abc123.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  expect(plain.body).toBe(script);
});

test('a missing asset is a 404, not the app shell; API paths keep the envelope', async () => {
  expect((await app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(api.statusCode).toBe(404);
  expect(JSON.parse(api.body).code).toBe(1302);
  const post = await app.inject({ method: 'POST', url: '/my', payload: {} });
  expect(post.statusCode).toBe(404);
});
