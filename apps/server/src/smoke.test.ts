import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

test('health answers', async () => {
  const r = await call(t.app, 'GET', '/api/health');
  expect(r.status).toBe(200);
  expect(r.data.status).toBe('ok');
});
