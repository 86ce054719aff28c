import { type RegisterRequest, registerRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

export interface RegisterFormValues {
  username: string;
  phone: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
}

export interface RegisterFormContext {
  isInviteRequired: boolean;
}

const registerFields = z.object({
  username: z.string(),
  phone: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  inviteCode: z.string(),
});

/** The contract's rules for the request, plus what only the form has: the confirmation and the invite flag. */
function registerFormSchema(isInviteRequired: boolean) {
  return registerFields
    .superRefine(({ confirmPassword, ...values }, ctx) => {
      const result = registerRequestSchema.safeParse(values);
      if (!result.success) {
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      if (isInviteRequired && values.inviteCode.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['inviteCode'], message: 'invite_code_required' });
      }
      if (confirmPassword === '') {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'confirm_password_required' });
      } else if (confirmPassword !== values.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_do_not_match' });
      }
    })
    .transform(({ confirmPassword: _confirm, ...values }) => registerRequestSchema.parse(values));
}

const resolvers = {
  optional: zodResolver(registerFormSchema(false)),
  required: zodResolver(registerFormSchema(true)),
};

export const registerFormResolver: Resolver<RegisterFormValues, RegisterFormContext, RegisterRequest> = (
  values,
  context,
  options,
) => (context?.isInviteRequired ? resolvers.required : resolvers.optional)(values, context, options);
