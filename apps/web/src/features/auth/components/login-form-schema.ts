import { type LoginRequest, loginRequestSchema } from '@app/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export interface LoginFormValues {
  username: string;
  password: string;
}

export const loginFormResolver: Resolver<LoginFormValues, unknown, LoginRequest> = zodResolver(loginRequestSchema);
