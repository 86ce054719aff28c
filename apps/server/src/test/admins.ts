import { ensureOwner } from '../modules/admin-auth/admin-auth.service.js';
import { call, type TestApp } from './test-app.js';

const OWNER = { username: 'owner', password: 'owner-password-1' };

/** Signs in the owner (creating it on first use) and answers the token. */
export async function ownerToken(t: TestApp): Promise<string> {
  await ensureOwner(t.database.db, OWNER);
  const r = await call(t.app, 'POST', '/api/admin/auth/login', OWNER);
  if (r.code !== 0) throw new Error(`owner login failed: ${r.msg}`);
  return r.data.token;
}

let sequence = 0;

/** A new admin of the given role, signed in. */
export async function adminWithRole(t: TestApp, role: string): Promise<{ id: string; token: string }> {
  const owner = await ownerToken(t);
  const username = `${role}${++sequence}${Date.now() % 10_000}`;
  const password = 'admin-password-1';
  const created = await call(t.app, 'POST', '/api/admin/admins', { username, password, role }, { token: owner });
  if (created.code !== 0) throw new Error(`create admin failed: ${created.msg}`);
  const login = await call(t.app, 'POST', '/api/admin/auth/login', { username, password });
  return { id: created.data.id, token: login.data.token };
}
