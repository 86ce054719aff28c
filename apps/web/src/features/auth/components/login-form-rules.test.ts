import { loginRequestSchema } from '@app/contract/users';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LoginFormErrors, validateLogin } from './login-form-rules';

/** What the contract's schema answers, in validateLogin's shape. */
function byContract(values: { username: string; password: string }) {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

describe('login form rules', () => {
  it.each([
    ['', ''],
    ['   ', 'x'],
    ['alice01', ''],
    [' alice01 ', 'secret'],
    ['a'.repeat(64), 'p'.repeat(256)],
    ['a'.repeat(65), 'p'.repeat(257)],
    [` ${'a'.repeat(64)} `, 'p'],
  ])('answers as the contract does for %j / %j', (username, password) => {
    expect(validateLogin({ username, password })).toEqual(byContract({ username, password }));
  });

  it('answers as the contract does for any input', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', '\t\n'));
    fc.assert(
      fc.property(text, text, (username, password) => {
        expect(validateLogin({ username, password })).toEqual(byContract({ username, password }));
      }),
    );
  });
});
