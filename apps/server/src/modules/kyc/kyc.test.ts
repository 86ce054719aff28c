import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KYC_IMAGE_BYTES_MAX } from '@app/contract/kyc';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { ensureOwner } from '../admin-auth/admin-auth.service.js';
import { auditLog } from '../audit/audit.tables.js';
import { getKycStatus, getKycStatuses } from './kyc.service.js';
import { kycSubmissions } from './kyc.tables.js';

// Lets a test skip the early "already submitted" check, to reach the race the unique index decides.
const precheck = vi.hoisted(() => ({ skip: false }));
vi.mock('./kyc.repo.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./kyc.repo.js')>();
  return {
    ...actual,
    hasOpenSubmission: async (...args: Parameters<typeof actual.hasOpenSubmission>) =>
      precheck.skip ? false : actual.hasOpenSubmission(...args),
  };
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 3)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([200, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(200),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const TEXT = Buffer.from('just some text pretending to be a photo');

let t: TestApp;
let dataDir: string;
let ownerToken: string;
let reviewer: { id: string; token: string };
let secondReviewer: { id: string; token: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kyc-test-'));
  t = await createTestApp({
    configure: (c) => {
      c.dataDir = dataDir;
    },
  });
  await ensureOwner(t.database.db, { username: 'owner', password: 'owner-password-1' });
  ownerToken = (await call(t.app, 'POST', '/api/admin/auth/login', { username: 'owner', password: 'owner-password-1' }))
    .data.token;
  reviewer = await createAdmin('reviewer');
  secondReviewer = await createAdmin('reviewer');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function createAdmin(role: string) {
  const username = `${role}${Math.floor(Math.random() * 1e6)}`;
  const password = 'admin-password-1';
  const r = await call(t.app, 'POST', '/api/admin/admins', { username, password, role }, { token: ownerToken });
  expect(r.code).toBe(0);
  const login = await call(t.app, 'POST', '/api/admin/auth/login', { username, password });
  return { id: r.data.id as string, token: login.data.token as string };
}

async function newUser() {
  const u = await registerUser(t.app);
  return { username: u.username, token: u.token, userId: u.user.id as string };
}

interface Image {
  bytes: Buffer;
  type?: string;
  filename?: string;
}

/** A real multipart body, as a browser's FormData would send it. */
function form(parts: Record<string, string | Image>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(name, value);
    else
      data.append(name, new Blob([value.bytes], { type: value.type ?? 'image/jpeg' }), value.filename ?? 'photo.jpg');
  }
  return data;
}

const validParts = (front: Image = { bytes: JPEG }, back: Image = { bytes: PNG, type: 'image/png' }) => ({
  realName: 'Nguyen Van A',
  idNumber: '079123456789',
  front,
  back,
});

async function submit(token: string | undefined, payload: FormData | Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/bind_idcard',
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as FormData,
  });
  const body = JSON.parse(response.body);
  return { status: response.statusCode, code: body.code as number, msg: body.msg as string, data: body.data };
}

const idcard = (token: string) => call(t.app, 'GET', '/api/user/idcard', undefined, { token, lang: 'en' });

async function storedFiles(): Promise<string[]> {
  return readdir(path.join(dataDir, 'uploads', 'kyc')).catch(() => []);
}

async function rowsOf(userId: string) {
  return t.database.db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, Number(userId)));
}

async function submissionIdOf(userId: string): Promise<string> {
  const rows = await rowsOf(userId);
  return String(rows.at(-1)!.id);
}

async function pendingUser() {
  const u = await newUser();
  expect((await submit(u.token, form(validParts()))).code).toBe(0);
  return { ...u, submissionId: await submissionIdOf(u.userId) };
}

describe('user/bind_idcard', () => {
  test.each([
    ['JPEG', { bytes: JPEG, type: 'image/jpeg', filename: 'front.jpg' }],
    ['PNG', { bytes: PNG, type: 'image/png', filename: 'front.png' }],
    ['WebP', { bytes: WEBP, type: 'image/webp', filename: 'front.webp' }],
    ['a JPEG sent as application/octet-stream', { bytes: JPEG, type: 'application/octet-stream', filename: 'x.bin' }],
  ])('accepts %s; the status becomes pending', async (_name, front) => {
    const u = await newUser();
    const before = (await storedFiles()).length;
    const r = await submit(u.token, form(validParts(front)));
    expect(r.status).toBe(200);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'pending', realName: 'Nguyen Van A', idNumber: '07********89' });
    expect(r.data.rejectReason).toBeNull();
    expect(r.data.reviewedAt).toBeNull();
    expect((await storedFiles()).length).toBe(before + 2);
    const [row] = await rowsOf(u.userId);
    expect(row).toMatchObject({ status: 'pending', idNumber: '079123456789' });
    expect(row!.frontFile).toMatch(/^[0-9a-f]{32}\.(jpg|png|webp)$/);
    const status = await idcard(u.token);
    expect(status.data).toEqual(r.data);
    expect(await getKycStatus(t.database.db, Number(u.userId))).toBe('pending');
  });

  test.each([
    ['a text file named .jpg', { bytes: TEXT, type: 'image/jpeg', filename: 'id.jpg' }],
    ['a GIF', { bytes: GIF, type: 'image/gif', filename: 'id.gif' }],
    ['an SVG claiming to be a JPEG', { bytes: SVG, type: 'image/jpeg', filename: 'id.jpg' }],
  ])('refuses %s with 415 and stores nothing', async (_name, bad) => {
    const u = await newUser();
    const before = await storedFiles();
    for (const parts of [validParts(bad), validParts({ bytes: JPEG }, bad)]) {
      const r = await submit(u.token, form(parts));
      expect(r.status).toBe(415);
      expect(r.code).toBe(4103);
      expect(r.msg).toBe('Please upload a JPEG, PNG or WebP image');
    }
    expect(await rowsOf(u.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });

  test('refuses an image over 5 MB with 413 upload_too_large; exactly 5 MB passes', async () => {
    const u = await newUser();
    const before = await storedFiles();
    const big = Buffer.concat([JPEG, Buffer.alloc(KYC_IMAGE_BYTES_MAX - JPEG.length + 1)]);
    const r = await submit(u.token, form(validParts({ bytes: big })));
    expect(r.status).toBe(413);
    expect(r.code).toBe(4104);
    expect(r.msg).toBe('Each image must be at most 5 MB');
    expect(await rowsOf(u.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);

    const exact = big.subarray(0, KYC_IMAGE_BYTES_MAX);
    expect((await submit(u.token, form(validParts({ bytes: JPEG }, { bytes: exact })))).code).toBe(0);
  });

  test('names every missing or bad field', async () => {
    const u = await newUser();
    const empty = await submit(u.token, form({ realName: ' ' }));
    expect(empty.status).toBe(400);
    expect(empty.code).toBe(1001);
    expect(empty.data.fields).toEqual({
      realName: 'Please enter your real name',
      idNumber: 'Please enter the ID card number',
      front: 'Please upload the front of the ID card',
      back: 'Please upload the back of the ID card',
    });

    const noBack = await submit(u.token, form({ ...validParts(), back: 'text instead of a file', extra: 'x' }));
    expect(noBack.data.fields).toEqual({
      back: 'Please upload the back of the ID card',
      extra: 'Unknown field',
    });

    const badNumber = await submit(u.token, form({ ...validParts(), idNumber: '12-34' }));
    expect(badNumber.data.fields).toEqual({ idNumber: 'The ID number must be 6 to 32 letters and digits' });

    const longName = await submit(u.token, form({ ...validParts(), realName: 'x'.repeat(2000) }));
    expect(longName.data.fields).toEqual({ realName: 'This text is too long' });

    const unknownFile = await submit(
      u.token,
      form({ realName: 'A', idNumber: '123456', front: { bytes: JPEG }, selfie: { bytes: JPEG } }),
    );
    expect(unknownFile.data.fields).toEqual({ selfie: 'Unknown field', back: 'Please upload the back of the ID card' });
    expect(await rowsOf(u.userId)).toHaveLength(0);
  });

  test('the language of the messages follows the request', async () => {
    const u = await newUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind_idcard',
      headers: { authorization: `Bearer ${u.token}`, 'accept-language': 'zh-TW' },
      payload: form({ realName: 'A', idNumber: '123456', back: { bytes: PNG } }),
    });
    expect(response.json().data.fields).toEqual({ front: '請上傳身分證正面' });
  });

  test('a body that is not multipart, too many files, or no session are refused cleanly', async () => {
    const u = await newUser();
    const json = await submit(u.token, { realName: 'A', idNumber: '123456' });
    expect(json.status).toBe(415);
    const three = form(validParts());
    three.append('front', new Blob([JPEG]), 'again.jpg');
    const tooMany = await submit(u.token, three);
    expect(tooMany.status).toBe(413);
    const anonymous = await submit(undefined, form(validParts()));
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/idcard')).status).toBe(401);
    expect(await rowsOf(u.userId)).toHaveLength(0);
  });

  test('a second submission while one is pending is refused, without leaving files', async () => {
    const u = await pendingUser();
    const before = await storedFiles();
    const again = await submit(u.token, form(validParts()));
    expect(again.status).toBe(409);
    expect(again.code).toBe(4101);
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(u.userId)).toHaveLength(1);
  });

  test('two parallel submissions: exactly one is taken', async () => {
    const u = await newUser();
    const before = (await storedFiles()).length;
    const results = await Promise.all([1, 2, 3].map(() => submit(u.token, form(validParts()))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await rowsOf(u.userId)).toHaveLength(1);
    expect((await storedFiles()).length).toBe(before + 2);
  });

  test('when the early check is passed in a race, the unique index refuses and the files are removed', async () => {
    const u = await pendingUser();
    const before = await storedFiles();
    precheck.skip = true;
    try {
      const lost = await submit(u.token, form(validParts()));
      expect(lost.status).toBe(409);
      expect(lost.code).toBe(4101);
    } finally {
      precheck.skip = false;
    }
    expect(await storedFiles()).toEqual(before);
    expect(await rowsOf(u.userId)).toHaveLength(1);
  });

  test('without a submission the status is none', async () => {
    const u = await newUser();
    const r = await idcard(u.token);
    expect(r.data).toEqual({
      status: 'none',
      realName: null,
      idNumber: null,
      rejectReason: null,
      submittedAt: null,
      reviewedAt: null,
    });
    expect(await getKycStatus(t.database.db, Number(u.userId))).toBe('none');
  });
});

describe('review', () => {
  const act = (token: string, id: string, action: 'approve' | 'reject', body: unknown = {}) =>
    call(t.app, 'POST', `/api/admin/kyc/${id}/${action}`, body, { token, lang: 'en' });

  test('rejected: the user sees the reason and may submit again', async () => {
    const u = await pendingUser();
    const noReason = await act(reviewer.token, u.submissionId, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(noReason.data.fields.reason).toBe('Please enter a reason');

    const r = await act(reviewer.token, u.submissionId, 'reject', { reason: 'The photo is blurred' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'rejected', rejectReason: 'The photo is blurred', reviewedBy: reviewer.id });
    const seen = await idcard(u.token);
    expect(seen.data).toMatchObject({ status: 'rejected', rejectReason: 'The photo is blurred' });
    expect(seen.data.reviewedAt).not.toBeNull();

    const again = await submit(u.token, form(validParts({ bytes: WEBP, type: 'image/webp' })));
    expect(again.code).toBe(0);
    expect((await idcard(u.token)).data).toMatchObject({ status: 'pending', rejectReason: null });
    expect(await rowsOf(u.userId)).toHaveLength(2);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.reject'), eq(auditLog.targetId, u.submissionId)));
    expect(audit).toMatchObject({ targetType: 'kyc_submission', adminId: Number(reviewer.id) });
    expect(audit!.before).toEqual({ status: 'pending', userId: u.userId });
    expect(audit!.after).toEqual({ status: 'rejected', userId: u.userId, reason: 'The photo is blurred' });
  });

  test('approved: the user is verified, cannot submit again, and the decision is final', async () => {
    const u = await pendingUser();
    const r = await act(reviewer.token, u.submissionId, 'approve');
    expect(r.code).toBe(0);
    expect(r.data.status).toBe('approved');
    expect((await idcard(u.token)).data.status).toBe('approved');
    expect(await getKycStatus(t.database.db, Number(u.userId))).toBe('approved');
    expect((await submit(u.token, form(validParts()))).code).toBe(4101);

    const twice = await act(reviewer.token, u.submissionId, 'approve');
    expect(twice.status).toBe(409);
    expect(twice.code).toBe(4102);
    expect((await act(ownerToken, u.submissionId, 'reject', { reason: 'changed my mind' })).code).toBe(4102);
    expect((await act(reviewer.token, '999999', 'approve')).status).toBe(404);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, u.submissionId));
    expect(audits.map((a) => a.action)).toEqual(['kyc.approve']);
    expect(audits[0]!.after).toEqual({ status: 'approved', userId: u.userId });
  });

  test('two reviewers at once: one decision wins, the other hears kyc_not_pending', async () => {
    const u = await pendingUser();
    const results = await Promise.all([
      act(reviewer.token, u.submissionId, 'approve'),
      act(secondReviewer.token, u.submissionId, 'reject', { reason: 'no' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, u.submissionId));
    expect(audits).toHaveLength(1);
    const [row] = await rowsOf(u.userId);
    expect(audits[0]!.action).toBe(row!.status === 'approved' ? 'kyc.approve' : 'kyc.reject');
  });

  test('the queue lists submissions with usernames, filtered by status, oldest pending first', async () => {
    const a = await pendingUser();
    const b = await pendingUser();
    const list = await call(t.app, 'GET', '/api/admin/kyc?status=pending&pageSize=100', undefined, {
      token: reviewer.token,
    });
    expect(list.code).toBe(0);
    expect(list.data.page).toBe(1);
    const ids = list.data.list.map((s: { id: string }) => s.id);
    expect(ids.indexOf(a.submissionId)).toBeLessThan(ids.indexOf(b.submissionId));
    expect(list.data.list.every((s: { status: string }) => s.status === 'pending')).toBe(true);
    expect(list.data.total).toBe(list.data.list.length);
    const one = list.data.list.find((s: { id: string }) => s.id === a.submissionId);
    expect(one).toMatchObject({ userId: a.userId, username: a.username, idNumber: '079123456789' });
    expect(one).not.toHaveProperty('frontFile');

    const detail = await call(t.app, 'GET', `/api/admin/kyc/${b.submissionId}`, undefined, { token: reviewer.token });
    expect(detail.data).toMatchObject({ id: b.submissionId, username: b.username, status: 'pending' });
    expect((await call(t.app, 'GET', '/api/admin/kyc/999999', undefined, { token: reviewer.token })).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/kyc?status=unknown', undefined, { token: reviewer.token });
    expect(bad.status).toBe(400);

    const statuses = await getKycStatuses(t.database.db, [Number(a.userId), 999_999]);
    expect(statuses.get(Number(a.userId))).toBe('pending');
    expect(statuses.get(999_999)).toBe('none');
  });
});

describe('images and access', () => {
  const image = (id: string, side: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/kyc/${id}/images/${side}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  test('a reviewer (and the owner) sees both images, private and typed by content', async () => {
    const u = await newUser();
    const parts = validParts({ bytes: WEBP, type: 'image/jpeg', filename: 'front.jpg' }, { bytes: PNG });
    expect((await submit(u.token, form(parts))).code).toBe(0);
    const id = await submissionIdOf(u.userId);
    for (const token of [reviewer.token, ownerToken]) {
      const front = await image(id, 'front', token);
      expect(front.statusCode).toBe(200);
      expect(front.headers['content-type']).toBe('image/webp');
      expect(front.headers['cache-control']).toBe('private, no-store');
      expect(front.headers['x-content-type-options']).toBe('nosniff');
      expect(front.headers['content-disposition']).toBe(`inline; filename="kyc-${id}-front.webp"`);
      expect(front.rawPayload).toEqual(WEBP);
      const back = await image(id, 'back', token);
      expect(back.headers['content-type']).toBe('image/png');
      expect(back.rawPayload).toEqual(PNG);
    }
    expect((await image(id, 'side', reviewer.token)).statusCode).toBe(400);
    expect((await image('999999', 'front', reviewer.token)).statusCode).toBe(404);
  });

  test('support, finance and content admins get 403; user tokens and no token get 401', async () => {
    const u = await pendingUser();
    const id = u.submissionId;
    for (const role of ['support', 'finance', 'content']) {
      const a = await createAdmin(role);
      expect((await image(id, 'front', a.token)).statusCode, role).toBe(403);
      expect((await call(t.app, 'GET', '/api/admin/kyc', undefined, { token: a.token })).status, role).toBe(403);
      expect((await call(t.app, 'GET', `/api/admin/kyc/${id}`, undefined, { token: a.token })).status, role).toBe(403);
      expect((await call(t.app, 'POST', `/api/admin/kyc/${id}/approve`, {}, { token: a.token })).status).toBe(403);
      const reject = await call(t.app, 'POST', `/api/admin/kyc/${id}/reject`, { reason: 'x' }, { token: a.token });
      expect(reject.status, role).toBe(403);
    }
    expect((await image(id, 'front', u.token)).statusCode).toBe(401);
    expect((await image(id, 'back')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/api/admin/kyc/${id}/approve`, {}, { token: u.token })).status).toBe(401);
    expect((await rowsOf(u.userId))[0]!.status).toBe('pending');
  });

  test('stored files are not reachable under any static path', async () => {
    const u = await pendingUser();
    const [row] = await rowsOf(u.userId);
    for (const url of [
      `/uploads/kyc/${row!.frontFile}`,
      `/api/uploads/kyc/${row!.frontFile}`,
      `/data/uploads/kyc/${row!.frontFile}`,
      `/kyc/${row!.frontFile}`,
      `/api/admin/kyc/${u.submissionId}/images/${row!.frontFile}`,
      `/api/admin/kyc/${u.submissionId}/images/..%2F..%2Fkyc%2F${row!.frontFile}`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${reviewer.token}` } });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.rawPayload.includes(JPEG), url).toBe(false);
    }
    for (const url of [`/uploads/kyc/${row!.frontFile}`, `/api/uploads/kyc/${row!.frontFile}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
