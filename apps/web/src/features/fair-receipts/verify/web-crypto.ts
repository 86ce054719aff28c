/**
 * The few primitives a receipt's checks need, from the browser's WebCrypto only (SHA-256,
 * HMAC-SHA256, Ed25519), so the checks trust nothing of ours. WebCrypto exists only in a secure
 * context (https, localhost): `canVerify` tells the screens whether it is there.
 */

const HEX_PATTERN = /^(?:[0-9a-f]{2})*$/;

/** Whether this browser can hash and sign-check here. */
export function canVerify(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!HEX_PATTERN.test(hex)) throw new RangeError('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256(prev ‖ UTF-8(text)) in lowercase hex: the link of the tick chain and of the checkpoints. */
export async function chainHashHex(prevHex: string, text: string): Promise<string> {
  const prev = hexToBytes(prevHex);
  const message = utf8(text);
  const joined = new Uint8Array(prev.length + message.length);
  joined.set(prev, 0);
  joined.set(message, prev.length);
  return bytesToHex(await globalThis.crypto.subtle.digest('SHA-256', joined));
}

/** SHA-256 of raw bytes given in hex (a seed's commitment). */
export async function sha256OfHex(hex: string): Promise<string> {
  return bytesToHex(await globalThis.crypto.subtle.digest('SHA-256', hexToBytes(hex)));
}

/** An HMAC-SHA256 signer keyed with `keyHex`: one key import, many messages (a path's seconds). */
export async function hmacSha256(keyHex: string): Promise<(text: string) => Promise<Uint8Array>> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    hexToBytes(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (text) => new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, utf8(text)));
}

/** The fixed DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): 12 bytes, then the 32-byte key. */
const ED25519_SPKI_PREFIX = '302a300506032b6570032100';

/** The DER bytes of an Ed25519 public key's SPKI PEM; null when it is not one. */
export function ed25519SpkiOfPem(pem: string): Uint8Array<ArrayBuffer> | null {
  const match = pem.match(/-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/);
  if (!match) return null;
  let binary: string;
  try {
    binary = atob(match[1]!.replace(/\s+/g, ''));
  } catch {
    return null;
  }
  const der = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const isEd25519 = der.length === 44 && bytesToHex(der.subarray(0, 12)) === ED25519_SPKI_PREFIX;
  return isEd25519 ? der : null;
}

/** The raw 32-byte public key of an Ed25519 SPKI PEM in hex ("signed by"); null when it is not one. */
export function ed25519KeyHexOfPem(pem: string): string | null {
  const der = ed25519SpkiOfPem(pem);
  return der ? bytesToHex(der.subarray(12)) : null;
}

export type SignatureCheck = 'valid' | 'invalid' | 'bad_key' | 'unsupported';

/** Ed25519 (RFC 8032) over `messageHex`'s bytes with the SPKI PEM key; 'unsupported': no Ed25519 here. */
export async function verifyEd25519(pem: string, messageHex: string, signatureHex: string): Promise<SignatureCheck> {
  const der = ed25519SpkiOfPem(pem);
  if (!der) return 'bad_key';
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotSupportedError' ? 'unsupported' : 'bad_key';
  }
  if (!HEX_PATTERN.test(signatureHex) || signatureHex.length !== 128) return 'invalid';
  const isValid = await globalThis.crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    hexToBytes(signatureHex),
    hexToBytes(messageHex),
  );
  return isValid ? 'valid' : 'invalid';
}
