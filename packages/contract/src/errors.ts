/**
 * The one list of error codes. `code` is what the envelope carries (0 is success), `status` the HTTP
 * status that goes with it. Codes are stable: never renumber, only add.
 */
export const ERRORS = {
  validation_failed: { code: 1001, status: 400 },
  malformed_body: { code: 1002, status: 400 },
  body_too_large: { code: 1003, status: 413 },
  unsupported_media_type: { code: 1004, status: 415 },
  unauthorized: { code: 1101, status: 401 },
  session_expired: { code: 1102, status: 401 },
  forbidden: { code: 1201, status: 403 },
  password_change_required: { code: 1202, status: 403 },
  not_found: { code: 1301, status: 404 },
  route_not_found: { code: 1302, status: 404 },
  user_not_found: { code: 1303, status: 404 },
  rate_limited: { code: 1401, status: 429 },
  conflict: { code: 1501, status: 409 },
  idempotency_key_reused_with_other_body: { code: 1502, status: 409 },
  idempotency_request_in_progress: { code: 1503, status: 409 },
  username_taken: { code: 2001, status: 409 },
  phone_taken: { code: 2002, status: 409 },
  invite_code_invalid: { code: 2003, status: 422 },
  invite_code_required: { code: 2004, status: 422 },
  password_incorrect: { code: 2005, status: 422 },
  account_locked: { code: 2006, status: 403 },
  account_disabled: { code: 2007, status: 403 },
  current_password_incorrect: { code: 2008, status: 422 },
  pay_password_incorrect: { code: 2009, status: 422 },
  pay_password_locked: { code: 2010, status: 403 },
  pay_password_not_set: { code: 2011, status: 422 },
  new_password_same_as_old: { code: 2012, status: 422 },
  admin_credentials_invalid: { code: 3001, status: 422 },
  admin_totp_required: { code: 3002, status: 422 },
  admin_totp_invalid: { code: 3003, status: 422 },
  admin_username_taken: { code: 3004, status: 409 },
  admin_cannot_change_self: { code: 3005, status: 422 },
  internal_error: { code: 5000, status: 500 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorName = keyof typeof ERRORS;

export const ERROR_NAME_BY_CODE: ReadonlyMap<number, ErrorName> = new Map(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [ERRORS[name].code, name]),
);
