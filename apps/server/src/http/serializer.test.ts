import { envelopeSchema } from '@app/contract/common';
import { userProfileSchema } from '@app/contract/users';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

test('only declared fields are written: a stray secret never leaves the server', () => {
  const stringify = compile(envelopeSchema(z.object({ username: z.string(), nested: z.object({ a: z.number() }) })));
  const text = stringify({
    code: 0,
    msg: 'ok',
    data: { username: 'alice', passwordHash: '$argon2id$secret', nested: { a: 1, token: 'secret' } },
    extra: 'secret',
  });
  expect(JSON.parse(text)).toEqual({ code: 0, msg: 'ok', data: { username: 'alice', nested: { a: 1 } } });
  expect(text).not.toContain('secret');
});

test('nullable, enum, unknown and null data serialise as given', () => {
  const stringify = compile(
    envelopeSchema(
      z.object({ when: z.string().nullable(), kind: z.enum(['a', 'b']), any: z.unknown(), list: z.array(z.number()) }),
    ),
  );
  const data = { when: null, kind: 'b', any: { deep: [1, 'x'] }, list: [1, 2] };
  expect(JSON.parse(stringify({ code: 0, msg: '', data }))).toEqual({ code: 0, msg: '', data });
  expect(JSON.parse(compile(envelopeSchema(z.null()))({ code: 0, msg: '', data: null })).data).toBeNull();
});

test('the user profile schema compiles', () => {
  const stringify = compile(envelopeSchema(userProfileSchema));
  const profile: z.infer<typeof userProfileSchema> = {
    id: '1',
    username: 'bob12345',
    phone: '139****0000',
    inviteCode: 'ABCD2345',
    inviteLink: '/reg?code=ABCD2345',
    registeredAt: '2026-01-01T00:00:00.000Z',
    level: 1,
    kycStatus: 'none',
    hasPayPassword: false,
    hasBankCard: false,
    hasWallet: false,
    mustChangePassword: false,
    twoFactorEnabled: false,
    hasDeposited: false,
    balances: {
      currency: 'USDT',
      available: '12.5',
      frozen: '0',
      trading: '0',
      earnLocked: '0',
      earnFlexible: '0',
      total: '12.5',
    },
  };
  expect(JSON.parse(stringify({ code: 0, msg: 'ok', data: profile })).data).toEqual(profile);
});
