import { ERRORS } from '@app/contract/errors';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, registerUser, type TestApp } from '../../test/test-app.js';
import { createTwoFactorTestApp } from '../two-factor/two-factor.test-support.js';
import { assert, attest, newCredential, TEST_ORIGIN, TEST_RP_ID } from './passkeys.test-support.js';

// Whose passkeys these are (issue 14): without WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN the relying party is
// the app's PUBLIC_ORIGIN, not the Host header a client writes; the WEBAUTHN_* variables still win.

const PUBLIC = 'https://app.example.com';

async function registerOn(t: TestApp, headers: Record<string, string> = {}) {
  const u = await registerUser(t.app);
  const post = (url: string, body: unknown) => call(t.app, 'POST', url, body, { token: u.token, lang: 'en', headers });
  const options = (await post('/api/user/passkeys/register_options', { password: u.password })).data.options;
  return { u, post, options };
}

describe('with PUBLIC_ORIGIN and no WEBAUTHN_* variables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTwoFactorTestApp({
      configure: (c) => {
        c.publicOrigin = `${PUBLIC}/`;
      },
    });
  });
  afterAll(async () => t.close());

  test("the relying party is the public origin's, whatever Host the request names", async () => {
    const { options } = await registerOn(t, { host: 'evil.example' });
    expect(options.rp).toMatchObject({ id: 'app.example.com', name: 'Vela' });
    const login = await call(
      t.app,
      'POST',
      '/api/user/passkeys/login_options',
      {},
      { headers: { host: 'evil.example' } },
    );
    expect(login.data.options.rpId).toBe('app.example.com');
  });

  test('an answer from the public origin is taken; one from the Host-derived origin is refused', async () => {
    const hostDerived = await registerOn(t);
    const refused = await hostDerived.post('/api/user/passkeys/register', {
      name: 'Host',
      response: attest(newCredential(), hostDerived.options, { origin: TEST_ORIGIN, rpId: TEST_RP_ID }),
    });
    expect(refused.code).toBe(ERRORS.passkey_verification_failed.code);

    const { post, options } = await registerOn(t);
    const credential = newCredential();
    const at = { origin: PUBLIC, rpId: 'app.example.com' };
    expect(
      (await post('/api/user/passkeys/register', { name: 'Phone', response: attest(credential, options, at) })).code,
    ).toBe(0);
    const loginOptions = (await call(t.app, 'POST', '/api/user/passkeys/login_options', {})).data.options;
    const signedIn = await call(t.app, 'POST', '/api/user/login_passkey', {
      response: assert(credential, loginOptions, at),
    });
    expect(signedIn.code).toBe(0);
  });
});

describe('WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN come before PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTwoFactorTestApp({
      configure: (c) => {
        c.publicOrigin = PUBLIC;
        c.webauthn = { ...c.webauthn, rpId: 'example.com', origin: 'https://login.example.com' };
      },
    });
  });
  afterAll(async () => t.close());

  test('the configured relying party and origin are asked and checked', async () => {
    const { post, options } = await registerOn(t);
    expect(options.rp.id).toBe('example.com');
    const fromPublic = await post('/api/user/passkeys/register', {
      name: 'A',
      response: attest(newCredential(), options, { origin: PUBLIC, rpId: 'example.com' }),
    });
    expect(fromPublic.code).toBe(ERRORS.passkey_verification_failed.code);
    const again = await registerOn(t);
    const taken = await again.post('/api/user/passkeys/register', {
      name: 'B',
      response: attest(newCredential(), again.options, { origin: 'https://login.example.com', rpId: 'example.com' }),
    });
    expect(taken.code).toBe(0);
  });
});
