import { z } from 'zod';

/**
 * Statements (issue 14): the user's fund details or orders over a range of platform dates, as a CSV
 * or a PDF in the request's language. Dates are platform dates (`YYYY-MM-DD`, in the platform time
 * zone, both ends included); the range is at most STATEMENT_DAYS_MAX days.
 */
export const STATEMENT_KINDS = ['fund', 'orders'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A year, leap day included: longer statements are refused with `statement_range_too_long`. */
export const STATEMENT_DAYS_MAX = 366;

/** Rows in one statement at most; more is `statement_too_many_rows` (a shorter range fits). */
export const STATEMENT_ROWS_MAX = 10_000;

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar date (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateSchema = z
  .string({ error: 'statement_date_invalid' })
  .refine((value) => isCalendarDate(value), 'statement_date_invalid');

export const statementRequestSchema = z
  .strictObject({
    kind: z.enum(STATEMENT_KINDS, { error: 'invalid' }),
    format: z.enum(STATEMENT_FORMATS, { error: 'invalid' }),
    from: dateSchema,
    to: dateSchema,
  })
  .refine((body) => body.from <= body.to, { path: ['to'], message: 'time_range_invalid' });
export type StatementRequest = z.infer<typeof statementRequestSchema>;

/** Whole calendar days from `from` to `to`, both included. */
export function statementDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
