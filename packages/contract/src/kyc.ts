import { z } from 'zod';
import { pageRequestSchema } from './common.js';
import { KYC_STATUSES } from './users.js';

/** DESIGN.md 6.2. Images: JPEG, PNG or WebP by content, at most 5 MB each. */
export const KYC_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The text fields of `user/bind_idcard` (multipart; the images come as `front` and `back`). */
export const bindIdCardFieldsSchema = z.strictObject({
  realName: z.string({ error: 'real_name_required' }).trim().min(1, 'real_name_required').max(64, 'text_too_long'),
  idNumber: z
    .string({ error: 'id_number_required' })
    .trim()
    .min(1, 'id_number_required')
    .regex(/^[A-Za-z0-9]{6,32}$/, 'id_number_invalid'),
});
export type BindIdCardFields = z.infer<typeof bindIdCardFieldsSchema>;

export const idCardStatusSchema = z.object({
  status: z.enum(KYC_STATUSES),
  realName: z.string().nullable(),
  /** Masked: first 2 and last 2 characters. */
  idNumber: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type IdCardStatus = z.infer<typeof idCardStatusSchema>;

export const kycListRequestSchema = pageRequestSchema.extend({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
});

export const adminKycSubmissionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  realName: z.string(),
  /** Full number: reviewers compare it with the images. */
  idNumber: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminKycSubmission = z.infer<typeof adminKycSubmissionSchema>;
