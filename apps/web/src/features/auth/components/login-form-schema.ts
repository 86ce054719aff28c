import { type LoginRequest, loginRequestSchema } from '@app/contract/users';

export interface LoginFormValues {
  username: string;
  password: string;
}

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** The contract's login rules; errors are FIELD_MESSAGES keys, the first one per field. */
export function validateLogin(values: LoginFormValues): { data: LoginRequest } | { errors: LoginFormErrors } {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
