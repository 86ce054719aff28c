import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../http/app-error.js';
import { checkImage, isUploadName, readImage, removeUploads, saveImage, sniffImageType } from './uploads.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(60, 3)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([52, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(44),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const LIMITS = { bytesMax: 1024 };

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

function errorName(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.errorName : 'other';
  }
}

describe('sniffImageType', () => {
  test('knows JPEG, PNG and WebP by their bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  test.each([
    ['GIF', GIF],
    ['SVG', SVG],
    ['text', Buffer.from('hello, this is not an image')],
    ['empty', Buffer.alloc(0)],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8])],
    ['RIFF but not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe('checkImage', () => {
  test('enforces the size limit, then the type', () => {
    expect(errorName(() => checkImage(Buffer.concat([JPEG, Buffer.alloc(1024)]), LIMITS))).toBe('upload_too_large');
    expect(errorName(() => checkImage(GIF, LIMITS))).toBe('upload_invalid_type');
    expect(errorName(() => checkImage(PNG, { ...LIMITS, types: ['image/jpeg'] }))).toBe('upload_invalid_type');
    expect(checkImage(JPEG, LIMITS)).toBe('image/jpeg');
  });
});

describe('save, read, remove', () => {
  test('stores under a random name and reads back with the sniffed type', async () => {
    const a = await saveImage(dataDir, 'kyc', PNG, LIMITS);
    const b = await saveImage(dataDir, 'kyc', PNG, LIMITS);
    expect(a.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(b.name).not.toBe(a.name);
    expect(a).toMatchObject({ contentType: 'image/png', bytes: PNG.length });
    expect(await readFile(path.join(dataDir, 'uploads', 'kyc', a.name))).toEqual(PNG);
    expect(await readImage(dataDir, 'kyc', a.name, LIMITS.bytesMax)).toEqual({ bytes: PNG, contentType: 'image/png' });
    // No temporary files are left behind.
    expect((await readdir(path.join(dataDir, 'uploads', 'kyc'))).every(isUploadName)).toBe(true);
    await removeUploads(dataDir, 'kyc', [a.name, b.name]);
    expect(await readImage(dataDir, 'kyc', a.name, LIMITS.bytesMax)).toBeNull();
  });

  test('refuses to store what is not an allowed image, and stores nothing', async () => {
    await expect(saveImage(dataDir, 'deposits', SVG, LIMITS)).rejects.toThrow('upload_invalid_type');
    await expect(saveImage(dataDir, 'deposits', Buffer.alloc(2048, 0xff), LIMITS)).rejects.toThrow('upload_too_large');
    await expect(readdir(path.join(dataDir, 'uploads', 'deposits'))).rejects.toThrow();
  });

  test.each([
    '../kyc/x.png',
    '../../etc/passwd',
    '/etc/passwd',
    'ABCDEF0123456789abcdef0123456789.png',
    '0123456789abcdef0123456789abcdef.svg',
    '0123456789abcdef0123456789abcdef.png/..',
    '.0123456789abcdef0123456789abcdef.png.part',
    '',
  ])('reads only names of our own pattern: %s', async (name) => {
    expect(isUploadName(name)).toBe(false);
    expect(await readImage(dataDir, 'kyc', name, LIMITS.bytesMax)).toBeNull();
  });

  test('does not follow a symlink, nor serve a file that is no longer an image or too big', async () => {
    const dir = path.join(dataDir, 'uploads', 'chat');
    await mkdir(dir, { recursive: true });
    const outside = path.join(dataDir, 'secret.png');
    await writeFile(outside, PNG);
    const link = '11111111111111111111111111111111.png';
    await symlink(outside, path.join(dir, link));
    expect(await readImage(dataDir, 'chat', link, LIMITS.bytesMax)).toBeNull();

    const tampered = '22222222222222222222222222222222.jpg';
    await writeFile(path.join(dir, tampered), SVG);
    expect(await readImage(dataDir, 'chat', tampered, LIMITS.bytesMax)).toBeNull();

    const big = '33333333333333333333333333333333.jpg';
    await writeFile(path.join(dir, big), Buffer.concat([JPEG, Buffer.alloc(2048)]));
    expect(await readImage(dataDir, 'chat', big, LIMITS.bytesMax)).toBeNull();
  });

  test('an unknown area is a programmer error', async () => {
    await expect(saveImage(dataDir, '../x' as 'kyc', PNG, LIMITS)).rejects.toThrow('unknown upload area');
  });
});
