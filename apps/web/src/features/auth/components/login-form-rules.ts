import type { LoginRequest } from '@app/contract/users';

export interface LoginFormValues {
  username: string;
  password: string;
}

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

// The contract's loginRequestSchema, by hand: zod is ~23 KB (brotli) and /login, the first screen a
// visitor sees, must stay within 120 KB of JavaScript. login-form-rules.test.ts holds the two to the
// same answers, so a change to the contract's rules fails there rather than drifting here.
const USERNAME_MAX = 64;
const PASSWORD_MAX = 256;

/** The contract's login rules; errors are FIELD_MESSAGES keys, the first one per field. */
export function validateLogin(values: LoginFormValues): { data: LoginRequest } | { errors: LoginFormErrors } {
  const username = values.username.trim();
  const errors: LoginFormErrors = {};
  if (username.length === 0) errors.username = 'account_required';
  else if (username.length > USERNAME_MAX) errors.username = 'username_invalid';
  if (values.password.length === 0) errors.password = 'password_required';
  else if (values.password.length > PASSWORD_MAX) errors.password = 'password_invalid';
  if (errors.username || errors.password) return { errors };
  return { data: { username, password: values.password } };
}
