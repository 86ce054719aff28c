import { vi } from 'vitest';

/**
 * The browser's WebAuthn for screen tests (issue 14): `navigator.credentials.create/get` answer a
 * fixed credential, or fail as when the user closes the prompt (`NotAllowedError`).
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

export const REGISTRATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Vela', id: 'localhost' },
  user: { id: 'MQ', name: 'alice01', displayName: 'alice01' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 60000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
};

export const AUTHENTICATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  timeout: 60000,
  allowCredentials: [],
  userVerification: 'required',
};

export function installFakeWebAuthn(outcome: 'answer' | 'cancel' = 'answer') {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const cancelled = () =>
    Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
  const create = vi.fn(async () =>
    outcome === 'cancel'
      ? cancelled()
      : {
          id: 'Y3JlZA',
          rawId: bytes('cred'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: {
            clientDataJSON: bytes('{"type":"webauthn.create"}'),
            attestationObject: bytes('attestation'),
            getTransports: () => ['internal'],
          },
          getClientExtensionResults: () => ({}),
        },
  );
  const get = vi.fn(async () =>
    outcome === 'cancel'
      ? cancelled()
      : {
          id: 'Y3JlZA',
          rawId: bytes('cred'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: {
            clientDataJSON: bytes('{"type":"webauthn.get"}'),
            authenticatorData: bytes('authdata'),
            signature: bytes('sig'),
            userHandle: bytes('1'),
          },
          getClientExtensionResults: () => ({}),
        },
  );
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
  return { create, get };
}
