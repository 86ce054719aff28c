import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { PASSKEY_ANSWER_PREFIX } from '@app/contract/two-factor';
import { call, type TestApp } from '../../test/test-app.js';

/**
 * A software authenticator for tests, from node:crypto alone: a P-256 key per credential, attestation
 * "none" at registration, ECDSA-signed assertions, and a signature counter the test may move back.
 * What a browser adds (the client data with the challenge and the origin) is built here too.
 */

/** What `inject` calls come from: Fastify's default Host (the relying party is taken from it). */
export const TEST_ORIGIN = 'http://localhost:80';
export const TEST_RP_ID = 'localhost';

// Minimal CBOR (RFC 8949): the few types attestation objects and COSE keys need.
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(value, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle: string | undefined;
}

export function newCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { id: randomBytes(32), privateKey, publicKey, counter: 0, userHandle: undefined };
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export interface AuthenticatorOptions {
  origin?: string;
  rpId?: string;
}

/** The browser's answer to registration options (`navigator.credentials.create`), attestation "none". */
export function attest(
  credential: SoftCredential,
  options: { challenge: string; user?: { id: string } },
  at: AuthenticatorOptions = {},
) {
  credential.userHandle = options.user?.id;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credential.id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey(credential.publicKey)]);
  const data = authData(at.rpId ?? TEST_RP_ID, FLAG_UP | FLAG_UV | FLAG_AT, credential.counter, attested);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', data],
    ]),
  );
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at.origin ?? TEST_ORIGIN)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/** The browser's answer to authentication options (`navigator.credentials.get`); the counter moves on by one first. */
export function assert(
  credential: SoftCredential,
  options: { challenge: string },
  at: AuthenticatorOptions & { counter?: number } = {},
) {
  credential.counter = at.counter ?? credential.counter + 1;
  const data = authData(at.rpId ?? TEST_RP_ID, FLAG_UP | FLAG_UV, credential.counter);
  const client = clientData('webauthn.get', options.challenge, at.origin ?? TEST_ORIGIN);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
    },
    clientExtensionResults: {},
  };
}

/** The `twoFactorCode` of a money move answered by a passkey. */
export const moneyMoveCode = (answer: ReturnType<typeof assert>) =>
  `${PASSKEY_ANSWER_PREFIX}${b64url(JSON.stringify(answer))}`;

/** Registers a new software passkey for a signed-in user through the routes. */
export async function addPasskey(
  t: TestApp,
  user: { token: string; password: string },
  name = 'Test key',
): Promise<{ credential: SoftCredential; id: string }> {
  const credential = newCredential();
  const options = await call(
    t.app,
    'POST',
    '/api/user/passkeys/register_options',
    { password: user.password },
    {
      token: user.token,
    },
  );
  if (options.code !== 0) throw new Error(`register_options failed: ${options.msg}`);
  const registered = await call(
    t.app,
    'POST',
    '/api/user/passkeys/register',
    { name, response: attest(credential, options.data.options) },
    { token: user.token },
  );
  if (registered.code !== 0) throw new Error(`register failed: ${registered.msg}`);
  return { credential, id: registered.data.id };
}
